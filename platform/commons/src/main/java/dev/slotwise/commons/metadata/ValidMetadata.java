package dev.slotwise.commons.metadata;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A resource's {@code metadata} keeps CONTRACT §19's limits: at most {@value Metadata#MAX_KEYS} keys of 1 to
 * {@value Metadata#MAX_KEY_LENGTH} characters of {@code A-Z a-z 0-9 _ . -}, each with a string of at most
 * {@value Metadata#MAX_VALUE_LENGTH} characters. Null (absent) is valid: the resource then has none.
 */
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT, ElementType.PARAMETER, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Constraint(validatedBy = MetadataValidator.class)
public @interface ValidMetadata {

    String message() default "must be an object of at most 50 keys (1-40 characters of A-Z a-z 0-9 _ . -)"
            + " with string values of at most 500 characters";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
