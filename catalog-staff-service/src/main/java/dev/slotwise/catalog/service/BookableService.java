package dev.slotwise.catalog.service;

import dev.slotwise.commons.metadata.Metadata;
import dev.slotwise.commons.money.Money;
import dev.slotwise.commons.tenant.TenantOwned;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.util.List;
import java.util.Map;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** A service a business offers and clients book: a name, a duration, a price, and the buffers around it. */
@Entity
@Table(name = "services")
public class BookableService extends TenantOwned {

    @Column(nullable = false)
    public String name;
    @Column(name = "duration_minutes", nullable = false)
    public int durationMinutes;
    @Column(name = "price_amount", nullable = false)
    public long priceAmount;
    @Column(name = "price_currency", nullable = false)
    public String priceCurrency;
    @Column(nullable = false)
    public boolean active;
    @Column(name = "buffer_before_minutes", nullable = false)
    public int bufferBeforeMinutes;
    @Column(name = "buffer_after_minutes", nullable = false)
    public int bufferAfterMinutes;

    /** The integrator's own key-value pairs (CONTRACT §19), never null. */
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(nullable = false)
    public Map<String, String> metadata = Metadata.of(null);
    /** The resource types a booking takes one active resource of each of (CONTRACT §17); empty: none. */
    @Column(name = "required_resource_types", nullable = false)
    @Convert(converter = ResourceTypesColumn.class)
    public List<String> requiredResourceTypes = List.of();

    void apply(ServiceInput input) {
        name = input.name();
        durationMinutes = input.durationMinutes();
        priceAmount = input.price().amount();
        priceCurrency = input.price().currency();
        active = input.active() == null || input.active();
        bufferBeforeMinutes = input.bufferBeforeMinutes() == null ? 0 : input.bufferBeforeMinutes();
        bufferAfterMinutes = input.bufferAfterMinutes() == null ? 0 : input.bufferAfterMinutes();
        metadata = Metadata.of(input.metadata());
        requiredResourceTypes = input.requiredResourceTypesOrNone();
    }

    Money price() {
        return Money.of(priceAmount, priceCurrency);
    }
}
