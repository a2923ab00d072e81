package dev.slotwise.testing;

import io.quarkus.test.junit.callback.QuarkusTestAfterEachCallback;
import io.quarkus.test.junit.callback.QuarkusTestBeforeEachCallback;
import io.quarkus.test.junit.callback.QuarkusTestMethodContext;
import io.restassured.RestAssured;
import io.restassured.filter.Filter;

/**
 * Holds every request a service's {@code @QuarkusTest}s send with RestAssured, and every answer they get, to the API
 * description: a service opts in by naming this class in its test resources'
 * {@code META-INF/services/io.quarkus.test.junit.callback.QuarkusTestBeforeEachCallback} and {@code …AfterEachCallback}.
 * Quarkus loads those in the test's own class loader, so the filter lands in the RestAssured the tests use.
 * ({@link GatewayContractCallback} is the gateway's: its tests answer the services' routes from stubs.)
 */
public class ApiContractCallback implements QuarkusTestBeforeEachCallback, QuarkusTestAfterEachCallback {

    private final String owner;

    public ApiContractCallback() {
        this(null);
    }

    /** @param owner only the operations of this service ({@code x-slotwise-service}) are judged */
    protected ApiContractCallback(String owner) {
        this.owner = owner;
    }

    @Override
    public void beforeEach(QuarkusTestMethodContext context) {
        ApiContractFilter.takeProblems();
        synchronized (RestAssured.class) {
            for (Filter filter : RestAssured.filters()) {
                if (filter instanceof ApiContractFilter) {
                    return;
                }
            }
            RestAssured.filters(new ApiContractFilter(owner));
        }
    }

    @Override
    public void afterEach(QuarkusTestMethodContext context) {
        var problems = ApiContractFilter.takeProblems();
        if (!problems.isEmpty()) {
            throw new AssertionError(context.getTestMethod().getName() + " disagrees with the API description ("
                    + problems.size() + "):\n  " + String.join("\n  ", problems));
        }
    }
}
