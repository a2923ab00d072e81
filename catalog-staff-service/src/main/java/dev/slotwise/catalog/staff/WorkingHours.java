package dev.slotwise.catalog.staff;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.problem.FieldError;
import java.time.DayOfWeek;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A staff member's weekly working hours (CONTRACT §14): ranges of a day in the tenant's time zone, several per day,
 * none overlapping another of its day (one may end when the next starts). Empty: no working hours set.
 */
public record WorkingHours(List<Range> weekly) {

    /** One range: {@code day} monday…sunday, {@code start} and {@code end} as HH:MM, end after start (24:00 ends the day). */
    public record Range(String day, String start, String end) {
    }

    static final int MAX_RANGES = 70;
    private static final Pattern TIME = Pattern.compile("([01][0-9]|2[0-3]):[0-5][0-9]|24:00");
    private static final TypeReference<List<Range>> STORED = new TypeReference<>() {
    };

    /**
     * The hours a request body gives, checked field by field; a 422 problem naming every field that is wrong, or a
     * 400 when the body is not the object the contract describes.
     */
    static WorkingHours from(JsonNode body) {
        if (body == null || !body.isObject() || !body.path("weekly").isArray()) {
            throw ApiException.malformed("the body must be {\"weekly\": [{\"day\", \"start\", \"end\"}, ...]}");
        }
        List<FieldError> errors = new ArrayList<>();
        body.fieldNames().forEachRemaining(name -> {
            if (!name.equals("weekly")) {
                errors.add(new FieldError(name, "is not a field of working hours"));
            }
        });
        JsonNode weekly = body.get("weekly");
        if (weekly.size() > MAX_RANGES) {
            errors.add(new FieldError("weekly", "must have at most " + MAX_RANGES + " ranges"));
            throw ApiException.invalid(errors);
        }
        List<Range> ranges = new ArrayList<>();
        for (int i = 0; i < weekly.size(); i++) {
            JsonNode range = weekly.get(i);
            String at = "weekly[" + i + "]";
            if (!range.isObject()) {
                errors.add(new FieldError(at, "must be an object with day, start and end"));
                continue;
            }
            range.fieldNames().forEachRemaining(name -> {
                if (!List.of("day", "start", "end").contains(name)) {
                    errors.add(new FieldError(at + "." + name, "is not a field of a working range"));
                }
            });
            String day = text(range, "day", at, errors);
            String start = text(range, "start", at, errors);
            String end = text(range, "end", at, errors);
            if (day != null && dayOf(day) == null) {
                errors.add(new FieldError(at + ".day", "must be one of monday, tuesday, … sunday"));
            }
            if (start != null && (!TIME.matcher(start).matches() || start.equals("24:00"))) {
                errors.add(new FieldError(at + ".start", "must be a time HH:MM from 00:00 to 23:59"));
                start = null;
            }
            if (end != null && !TIME.matcher(end).matches()) {
                errors.add(new FieldError(at + ".end", "must be a time HH:MM from 00:01 to 24:00"));
                end = null;
            }
            if (start != null && end != null && end.compareTo(start) <= 0) {
                errors.add(new FieldError(at + ".end", "must be after start"));
            }
            ranges.add(new Range(day, start, end));
        }
        if (errors.isEmpty()) {
            for (int i = 0; i < ranges.size(); i++) {
                for (int j = 0; j < i; j++) {
                    Range a = ranges.get(j);
                    Range b = ranges.get(i);
                    if (a.day().equals(b.day()) && a.start().compareTo(b.end()) < 0 && b.start().compareTo(a.end()) < 0) {
                        errors.add(new FieldError("weekly[" + i + "]", "overlaps weekly[" + j + "] on " + b.day()));
                    }
                }
            }
        }
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        ranges.sort(Comparator.comparing((Range r) -> dayOf(r.day())).thenComparing(Range::start));
        return new WorkingHours(List.copyOf(ranges));
    }

    static WorkingHours read(ObjectMapper json, String stored) {
        try {
            return new WorkingHours(json.readValue(stored, STORED));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored working hours are not readable", e);
        }
    }

    String write(ObjectMapper json) {
        try {
            return json.writeValueAsString(weekly);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String text(JsonNode range, String field, String at, List<FieldError> errors) {
        JsonNode value = range.get(field);
        if (value == null || value.isNull()) {
            errors.add(new FieldError(at + "." + field, "is required"));
            return null;
        }
        if (!value.isTextual()) {
            errors.add(new FieldError(at + "." + field, "must be a string"));
            return null;
        }
        return value.asText();
    }

    private static DayOfWeek dayOf(String day) {
        try {
            return day.equals(day.toLowerCase(Locale.ROOT)) ? DayOfWeek.valueOf(day.toUpperCase(Locale.ROOT)) : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
