package dev.slotwise.commons.metadata;

import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import java.util.Map;

/** Checks {@link ValidMetadata}, naming what is wrong (the first key that breaks a limit) in the field's message. */
public class MetadataValidator implements ConstraintValidator<ValidMetadata, Map<String, String>> {

    @Override
    public boolean isValid(Map<String, String> metadata, ConstraintValidatorContext context) {
        String problem = Metadata.problem(metadata);
        if (problem == null) {
            return true;
        }
        context.disableDefaultConstraintViolation();
        context.buildConstraintViolationWithTemplate(problem.replace("{", "\\{").replace("}", "\\}")
                        .replace("$", "\\$"))
                .addConstraintViolation();
        return false;
    }
}
