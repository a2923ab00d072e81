package dev.slotwise.customer.customer;

import dev.slotwise.commons.metadata.MetadataFilter;
import dev.slotwise.commons.problem.ApiException;
import io.quarkus.panache.common.Parameters;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What a client looks a customer up by (CONTRACT §14): {@code email} exactly, whatever its case; {@code phone} exactly,
 * in E.164; {@code q} a prefix of the first name, last name or e-mail, whatever its case, of at least two characters.
 * {@code metadata[<key>]} an exact metadata value (§19, the GIN index of V7). Given together they all apply. Each has an index per tenant (V5), so a lookup stays fast at a million customers.
 */
public record CustomerSearch(String email, String phone, String q, MetadataFilter metadata) {

    private static final Pattern E164 = Pattern.compile("\\+[1-9][0-9]{1,14}");
    private static final int MAX_LENGTH = 254;

    /** The search from the query parameters, or a 400 problem naming what is wrong. */
    public static CustomerSearch parse(String email, String phone, String q, MetadataFilter metadata) {
        if (email != null && (email.isBlank() || email.length() > MAX_LENGTH)) {
            throw ApiException.malformed("email must be an e-mail address of at most " + MAX_LENGTH + " characters");
        }
        if (phone != null && !E164.matcher(phone).matches()) {
            throw ApiException.malformed("phone must be an E.164 number, such as +4915112345678");
        }
        if (q != null && (q.strip().length() < 2 || q.length() > MAX_LENGTH)) {
            throw ApiException.malformed("q must be 2 to " + MAX_LENGTH + " characters");
        }
        return new CustomerSearch(email, phone, q == null ? null : q.strip(), metadata);
    }

    /** HQL conditions (each starting with {@code " and "}) for the repository's page query. */
    String filter() {
        StringBuilder filter = new StringBuilder();
        if (email != null) {
            filter.append(" and email is not null and lower(email) = :email");
        }
        if (phone != null) {
            filter.append(" and phone = :phone");
        }
        if (q != null) {
            filter.append(" and (lower(firstName) like :prefix escape '!' or lower(lastName) like :prefix escape '!'")
                    .append(" or lower(email) like :prefix escape '!')");
        }
        if (metadata != null) {
            filter.append(" and function('metadata_has', metadata, :metadata) = true");
        }
        return filter.toString();
    }

    /**
     * Whether the search is by prefix or metadata: its matches are then sorted, not found by walking the primary key
     * (at a million customers a prefix of old customers cost 400–800 ms that way; bench/customer-search.sh). The
     * planner cannot estimate a metadata containment (it guesses 0.1 % of the rows), so without this it walks the
     * primary key through a tenant whose one match is old; sorted, a value shared by few customers is found through
     * the GIN index at once.
     */
    boolean sortsMatches() {
        return q != null || metadata != null;
    }

    Parameters parameters() {
        Parameters parameters = new Parameters();
        if (email != null) {
            parameters.and("email", email.toLowerCase(Locale.ROOT));
        }
        if (phone != null) {
            parameters.and("phone", phone);
        }
        if (q != null) {
            String literal = q.toLowerCase(Locale.ROOT).replace("!", "!!").replace("%", "!%").replace("_", "!_");
            parameters.and("prefix", literal + "%");
        }
        if (metadata != null) {
            parameters.and("metadata", metadata.containment());
        }
        return parameters;
    }
}
