package dev.slotwise.testing;

import com.networknt.schema.ExecutionContext;
import com.networknt.schema.Format;
import com.networknt.schema.JsonMetaSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.oas.OpenApi31;
import java.util.regex.Pattern;

/**
 * The JSON Schema validator as the contract checks use it: JSON Schema 2020-12 with the OpenAPI 3.1 dialect, and
 * formats asserted, not only annotated — a timestamp out of RFC 3339 fails.
 */
final class ContractSchemas {

    private ContractSchemas() {
    }

    static JsonSchemaFactory factory() {
        JsonMetaSchema dialect = JsonMetaSchema.builder(OpenApi31.getInstance()).format(new Mailbox()).build();
        return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012, builder -> builder
                .metaSchema(dialect).defaultMetaSchemaIri(dialect.getIri()));
    }

    static SchemaValidatorsConfig config() {
        return SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build();
    }

    /**
     * {@code format: email} as the services accept it: a local part, an {@code @} and a domain with a dot. The
     * library's own check also wants a delegated top-level domain, and so refuses the reserved ones (RFC 2606:
     * {@code .example}, {@code .test}) that examples and tests rightly use.
     */
    private static final class Mailbox implements Format {
        private static final Pattern MAILBOX = Pattern.compile("[^@\\s]+@[^@\\s]+\\.[^@\\s]+");

        @Override
        public String getName() {
            return "email";
        }

        @Override
        public boolean matches(ExecutionContext context, String value) {
            return MAILBOX.matcher(value).matches();
        }
    }
}
