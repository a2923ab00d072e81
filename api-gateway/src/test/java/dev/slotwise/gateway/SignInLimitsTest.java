package dev.slotwise.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * CONTRACT §6 and §13 with real requests at the panel's sign-in form: the per-account and per-address limits hold
 * when the guesses arrive all at once (each attempt is counted before its password is checked), and failed sign-ins
 * and failed bearer tokens are counted apart.
 */
@QuarkusTest
class SignInLimitsTest {

    /** 10 failures are allowed; the 11th is checked and locks the account. */
    private static final int ACCOUNT_CHECKS = 11;
    /** 30 failures a minute are allowed from an address; the 31st is checked and locks it. */
    private static final int ADDRESS_CHECKS = 31;

    @TestHTTPResource("/")
    URI base;

    @Inject
    MeterRegistry metrics;

    private double wrongPasswordsChecked() {
        var counter = metrics.find("slotwise.sign_in.checks").tag("outcome", "wrong").counter();
        return counter == null ? 0 : counter.count();
    }

    private static long checked(List<HttpResponse<String>> answers) {
        return answers.stream().filter(a -> a.statusCode() == 200 && a.body().contains("The email or password is incorrect."))
                .count();
    }

    @Test
    void twoHundredParallelGuessesAtOneAccountCheckElevenPasswordsAndLockIt() throws Exception {
        Map<String, String> user = SignInForms.tenantWithUser();
        SignInForms forms = SignInForms.open(base);
        double before = wrongPasswordsChecked();

        List<CompletableFuture<HttpResponse<String>>> guesses = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            // every guess from an address of its own: only the account's limit can hold them back
            guesses.add(forms.post(user.get("email"), "guess number " + i, SignInForms.address()));
        }
        List<HttpResponse<String>> answers = SignInForms.all(guesses);

        assertThat(answers).allSatisfy(answer -> assertThat(answer.statusCode()).as(answer.body()).isIn(200, 429));
        assertThat(checked(answers)).as("passwords checked").isEqualTo(ACCOUNT_CHECKS);
        assertThat(answers.stream().filter(a -> a.statusCode() == 429))
                .allSatisfy(refused -> assertThat(refused.headers().firstValue("Retry-After")).isPresent())
                .hasSize(200 - ACCOUNT_CHECKS);
        assertThat(wrongPasswordsChecked() - before).isEqualTo(ACCOUNT_CHECKS);

        HttpResponse<String> right = forms.signIn(user.get("email"), SignInForms.PASSWORD, SignInForms.address());
        assertThat(right.statusCode()).as("the right password, but the account is locked").isEqualTo(429);
        assertThat(right.body()).contains("Too many failed sign-ins");
    }

    @Test
    void twoHundredParallelGuessesFromOneAddressCheckThirtyOnePasswordsAndHoldItBack() throws Exception {
        Map<String, String> user = SignInForms.tenantWithUser();
        SignInForms forms = SignInForms.open(base);
        String guesser = SignInForms.address();

        List<CompletableFuture<HttpResponse<String>>> guesses = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            // a different account each time: only the address's limit can hold them back
            guesses.add(forms.post("nobody-" + UUID.randomUUID() + "@salon.example", "a guess", guesser));
        }
        List<HttpResponse<String>> answers = SignInForms.all(guesses);

        assertThat(checked(answers)).as("passwords checked").isEqualTo(ADDRESS_CHECKS);
        assertThat(answers.stream().filter(a -> a.statusCode() == 429).count()).isEqualTo(200 - ADDRESS_CHECKS);
        assertThat(forms.signIn(user.get("email"), SignInForms.PASSWORD, guesser).statusCode())
                .as("the address is held back for the rest of its minute").isEqualTo(429);
        assertThat(forms.signIn(user.get("email"), SignInForms.PASSWORD, SignInForms.address()).statusCode())
                .as("another address signs in").isEqualTo(303);
    }

    @Test
    void bogusBearerTokensNeverRefuseASignInFromTheirAddress() throws Exception {
        Map<String, String> user = SignInForms.tenantWithUser();
        String office = SignInForms.address();
        int lastStatus = 0;
        // more than 30 in a minute; a run that crosses the minute's turn goes on until the new minute's limit is hit
        for (int i = 0; i < 100 && lastStatus != 429; i++) {
            lastStatus = given().header("X-Forwarded-For", office).auth().oauth2("swk_" + "0".repeat(63) + (i % 10))
                    .get("/api/v1/customers").then().extract().statusCode();
        }
        assertThat(lastStatus).as("the address's bearer failures are held back").isEqualTo(429);

        HttpResponse<String> signIn = SignInForms.open(base).signIn(user.get("email"), SignInForms.PASSWORD, office);
        assertThat(signIn.statusCode()).as(signIn.body()).isEqualTo(303);
    }

    @Test
    void failedSignInsNeverTurnTheAddresssBearerFailuresInto429() throws Exception {
        SignInForms forms = SignInForms.open(base);
        String office = SignInForms.address();
        List<CompletableFuture<HttpResponse<String>>> failures = new ArrayList<>();
        for (int i = 0; i < ADDRESS_CHECKS + 4; i++) {
            failures.add(forms.post("nobody-" + UUID.randomUUID() + "@salon.example", "a guess", office));
        }
        assertThat(SignInForms.all(failures).stream().map(HttpResponse::statusCode)).contains(429);

        given().header("X-Forwarded-For", office).auth().oauth2("swk_" + "0".repeat(64))
                .get("/api/v1/customers").then().statusCode(401);
    }
}
