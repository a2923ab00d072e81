package dev.slotwise.commons.zone;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.time.ZoneId;

/** An IANA time zone name such as {@code Europe/Berlin} (null is allowed: the default applies). */
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT, ElementType.PARAMETER})
@Retention(RetentionPolicy.RUNTIME)
@Constraint(validatedBy = ValidTimeZone.Validator.class)
public @interface ValidTimeZone {

    String message() default "must be an IANA time zone such as Europe/Berlin";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Validator implements ConstraintValidator<ValidTimeZone, String> {
        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            return value == null || (value.contains("/") || value.equals("UTC")) && ZoneId.getAvailableZoneIds().contains(value);
        }
    }
}
