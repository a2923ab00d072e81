package dev.slotwise.testing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.filter.FilterContext;
import io.restassured.filter.OrderedFilter;
import io.restassured.response.Response;
import io.restassured.specification.FilterableRequestSpecification;
import io.restassured.specification.FilterableResponseSpecification;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A RestAssured filter that holds every exchange of a test against the API description ({@link ApiContract}). What
 * disagrees is collected, not thrown where the request was sent (tests send from several threads at once), and
 * {@link ApiContractCallback} fails the test that caused it.
 */
public final class ApiContractFilter implements OrderedFilter {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> PROBLEMS = new ArrayList<>();
    private final String owner;

    /** @param owner the service whose operations are judged ({@code x-slotwise-service}); {@code null}: all */
    ApiContractFilter(String owner) {
        this.owner = owner;
    }

    @Override
    public Response filter(FilterableRequestSpecification request, FilterableResponseSpecification response,
                           FilterContext context) {
        Response answer = context.next(request, response);
        URI uri = URI.create(request.getURI());
        List<String> problems = ApiContract.described().problems(new ApiContract.Exchange(request.getMethod(),
                uri.getRawPath(), uri.getRawQuery(), request.getContentType(), body(request.getBody()),
                answer.getStatusCode(), answer.getContentType(), answer.asByteArray()), owner);
        if (!problems.isEmpty()) {
            synchronized (PROBLEMS) {
                PROBLEMS.addAll(problems);
            }
        }
        return answer;
    }

    /** The disagreements found since the last call, and forgets them. */
    static List<String> takeProblems() {
        synchronized (PROBLEMS) {
            List<String> taken = List.copyOf(PROBLEMS);
            PROBLEMS.clear();
            return taken;
        }
    }

    private static byte[] body(Object body) {
        if (body == null) {
            return new byte[0];
        }
        if (body instanceof byte[] bytes) {
            return bytes;
        }
        if (body instanceof String text) {
            return text.getBytes(StandardCharsets.UTF_8);
        }
        try {
            return JSON.writeValueAsBytes(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a request body the contract check cannot read: " + body.getClass(), e);
        }
    }

    @Override
    public int getOrder() {
        return HIGHEST_PRECEDENCE;
    }
}
