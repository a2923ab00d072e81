package dev.slotwise.customer.customer;

import dev.slotwise.commons.metadata.ValidMetadata;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.Map;

/** The writable fields of a customer: the body of a create, and the state a merge patch must leave valid. */
public record CustomerInput(
        @NotBlank(message = "is required") @Size(max = 100, message = "must be 1 to 100 characters") String firstName,
        @Size(max = 100, message = "must be at most 100 characters") String lastName,
        @Email(regexp = "[^@\\s]+@[^@\\s]+\\.[^@\\s]+", message = "must be a valid e-mail address")
        @Size(max = 254, message = "must be at most 254 characters") String email,
        @Pattern(regexp = "\\+[1-9][0-9]{1,14}", message = "must be an E.164 phone number such as +4915112345678")
        String phone,
        @Size(max = 5000, message = "must be at most 5000 characters") String notes,
        Boolean marketingConsent,
        Boolean notificationsOptOut,
        @ValidMetadata Map<String, String> metadata) {

    static CustomerInput of(Customer customer) {
        return new CustomerInput(customer.firstName, customer.lastName, customer.email, customer.phone,
                customer.notes, customer.marketingConsent, customer.notificationsOptOut, customer.metadata);
    }
}
