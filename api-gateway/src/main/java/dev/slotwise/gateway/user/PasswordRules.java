package dev.slotwise.gateway.user;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What a tenant user's password must be, wherever one is set (the operator's create and reset, the panel's Account
 * page): 12 to 72 characters — long enough to resist guessing, and within what bcrypt hashes (72 bytes).
 */
@NotNull(message = "is required")
@Size(min = 12, max = 72, message = "must be 12 to 72 characters")
@Documented
@Constraint(validatedBy = {})
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT})
@Retention(RetentionPolicy.RUNTIME)
public @interface PasswordRules {

    String message() default "is not an acceptable password";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
