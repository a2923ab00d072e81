package dev.slotwise.customer.customer;

import dev.slotwise.commons.problem.ApiException;
import io.quarkus.panache.common.Parameters;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What a client looks a customer up by (CONTRACT §14): {@code email} exactly, whatever its case; {@code phone} exactly,
 * in E.164; {@code q} a prefix of the first name, last name or e-mail, whatever its case, of at least two characters.
 * Given together they all apply. Each has an index per tenant (V5), so a lookup stays fast at a million customers.
 */
public record CustomerSearch(String email, String phone, String q) {

    private static final Pattern E164 = Pattern.compile("\\+[1-9][0-9]{1,14}");
    private static final int MAX_LENGTH = 254;

    /** The search from the query parameters, or a 400 problem naming what is wrong. */
    public static CustomerSearch parse(String email, String phone, String q) {
        if (email != null && (email.isBlank() || email.length() > MAX_LENGTH)) {
            throw ApiException.malformed("email must be an e-mail address of at most " + MAX_LENGTH + " characters");
        }
        if (phone != null && !E164.matcher(phone).matches()) {
            throw ApiException.malformed("phone must be an E.164 number, such as +4915112345678");
        }
        if (q != null && (q.strip().length() < 2 || q.length() > MAX_LENGTH)) {
            throw ApiException.malformed("q must be 2 to " + MAX_LENGTH + " characters");
        }
        return new CustomerSearch(email, phone, q == null ? null : q.strip());
    }

    /** HQL conditions (each starting with {@code " and "}) for the repository's page query. */
    String filter() {
        StringBuilder filter = new StringBuilder();
        if (email != null) {
            filter.append(" and email is not null and lower(email) = :email");
        }
        if (phone != null) {
            filter.append(" and phone = :phone");
        }
        if (q != null) {
            filter.append(" and (lower(firstName) like :prefix escape '!' or lower(lastName) like :prefix escape '!'")
                    .append(" or lower(email) like :prefix escape '!')");
        }
        return filter.toString();
    }

    /**
     * Whether the search is by prefix: its matches are then sorted, not found by walking the primary key (at a
     * million customers a prefix of old customers cost 400–800 ms that way; bench/customer-search.sh).
     */
    boolean byPrefix() {
        return q != null;
    }

    Parameters parameters() {
        Parameters parameters = new Parameters();
        if (email != null) {
            parameters.and("email", email.toLowerCase(Locale.ROOT));
        }
        if (phone != null) {
            parameters.and("phone", phone);
        }
        if (q != null) {
            String literal = q.toLowerCase(Locale.ROOT).replace("!", "!!").replace("%", "!%").replace("_", "!_");
            parameters.and("prefix", literal + "%");
        }
        return parameters;
    }
}
