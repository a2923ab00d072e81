package dev.slotwise.catalog.staff;

import dev.slotwise.commons.problem.FieldError;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiPredicate;

/**
 * Ranges of wall-clock times within a day, {@code HH:MM} (CONTRACT §14, §15): the weekly hours and a date's override
 * share these rules. The form of each value is checked by Bean Validation with the patterns here; {@link #errors}
 * adds what relates values: each end after its start, and no two ranges of one day overlapping (one may end when
 * the next starts).
 */
final class ClockRanges {

    static final String START = "([01][0-9]|2[0-3]):[0-5][0-9]";
    static final String START_MESSAGE = "must be a time HH:MM from 00:00 to 23:59";
    static final String END = "([01][0-9]|2[0-3]):[0-5][0-9]|24:00";
    static final String END_MESSAGE = "must be a time HH:MM from 00:01 to 24:00";

    /** A range of one day's clock: {@code start} and {@code end} as HH:MM, 24:00 ending the day. */
    interface ClockRange {

        String start();

        String end();
    }

    private ClockRanges() {
    }

    /**
     * What is wrong with {@code ranges} (the list field {@code listField}, whose items are named
     * {@code listField[i]}), where {@code sameDay} tells which two ranges must not overlap.
     */
    static <R extends ClockRange> List<FieldError> errors(List<R> ranges, String listField, BiPredicate<R, R> sameDay) {
        List<FieldError> errors = new ArrayList<>();
        for (int i = 0; i < ranges.size(); i++) {
            R b = ranges.get(i);
            if (b.end().compareTo(b.start()) <= 0) {
                errors.add(new FieldError(listField + "[" + i + "].end", "must be after start"));
                continue;
            }
            for (int j = 0; j < i; j++) {
                R a = ranges.get(j);
                if (sameDay.test(a, b) && a.start().compareTo(b.end()) < 0 && b.start().compareTo(a.end()) < 0) {
                    errors.add(new FieldError(listField + "[" + i + "]", "overlaps " + listField + "[" + j + "]"));
                }
            }
        }
        return errors;
    }
}
