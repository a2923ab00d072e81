package dev.slotwise.catalog.resource;

import dev.slotwise.commons.problem.ApiException;
import io.quarkus.panache.common.Parameters;

/** The filters of {@code GET /api/v1/resources}: {@code type} (1–50 characters) and {@code locationId}, each optional. */
record ResourceFilter(String type, String locationId) {

    static ResourceFilter parse(String type, String locationId) {
        if (type != null && (type.isEmpty() || type.length() > 50)) {
            throw ApiException.malformed("type must be 1 to 50 characters");
        }
        if (locationId != null && locationId.isEmpty()) {
            throw ApiException.malformed("locationId must not be empty");
        }
        return new ResourceFilter(type, locationId);
    }

    /** The HQL conditions after the tenant's, each starting with {@code " and "}. */
    String conditions() {
        return (type == null ? "" : " and type = :type") + (locationId == null ? "" : " and locationId = :location");
    }

    Parameters parameters() {
        Parameters parameters = new Parameters();
        if (type != null) {
            parameters.and("type", type);
        }
        if (locationId != null) {
            parameters.and("location", locationId);
        }
        return parameters;
    }
}
