package dev.slotwise.commons.tenant;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.commons.problem.ApiException;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;
import jakarta.persistence.LockModeType;
import jakarta.persistence.NoResultException;
import java.util.List;

/**
 * A repository of entities that belong to one tenant each (a {@code tenantId} field, a prefixed ULID {@code id}).
 * Every read goes through the caller's tenant, so another tenant's row is "not found", exactly as a missing one.
 */
public interface TenantScopedRepository<E> extends PanacheRepositoryBase<E, String> {

    /** The id prefix of the entity ({@code cus}, {@code stf}, ...). */
    String idPrefix();

    /** The entity's name in a 404 detail ("customer not found"). */
    String resourceName();

    /** The row, or a 404 problem. */
    default Uni<E> require(String tenantId, String id) {
        return requireWith(tenantId, id, LockModeType.NONE);
    }

    /** The row locked for update until the transaction ends (state transitions), or a 404 problem. */
    default Uni<E> requireForUpdate(String tenantId, String id) {
        return requireWith(tenantId, id, LockModeType.PESSIMISTIC_WRITE);
    }

    private Uni<E> requireWith(String tenantId, String id, LockModeType lock) {
        if (!Ids.looksLike(idPrefix(), id)) {
            return Uni.createFrom().failure(ApiException.notFound(resourceName()));
        }
        // singleResult, not firstResult: a LIMIT bound as a parameter makes PostgreSQL plan the statement anew on
        // every execution (its generic plan never looks cheaper than a custom one), which cost three times the query
        return find("tenantId = :tenant and id = :id", Parameters.with("tenant", tenantId).and("id", id))
                .withLock(lock).<E>singleResult()
                .onFailure(NoResultException.class).transform(none -> ApiException.notFound(resourceName()));
    }

    /** One page, newest first. */
    default Uni<List<E>> page(String tenantId, PageRequest page) {
        return page(tenantId, page, "", new Parameters());
    }

    /**
     * One page, newest first, of the rows that also match {@code filter} (HQL conditions starting with
     * {@code " and "}; {@code parameters} bind what the filter names).
     */
    default Uni<List<E>> page(String tenantId, PageRequest page, String filter, Parameters parameters) {
        return page(tenantId, page, filter, parameters, false);
    }

    /**
     * The same; {@code sortMatches} orders the matching rows instead of walking the primary key newest first. Use it
     * for filters whose own index finds few rows that the planner cannot place in id order: with a LIMIT it would
     * otherwise walk the primary key backwards and filter, which reads most of the table when the matches are old.
     */
    default Uni<List<E>> page(String tenantId, PageRequest page, String filter, Parameters parameters,
                              boolean sortMatches) {
        parameters.and("tenant", tenantId);
        String query = "tenantId = :tenant" + filter;
        if (page.afterId() != null) {
            query += " and id < :after";
            parameters.and("after", page.afterId());
        }
        String order = sortMatches ? " order by concat(id, '') desc" : " order by id desc";
        return find(query + order, parameters).range(0, page.fetchSize() - 1).list();
    }
}
