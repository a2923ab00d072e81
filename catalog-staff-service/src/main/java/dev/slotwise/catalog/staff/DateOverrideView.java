package dev.slotwise.catalog.staff;

import java.time.LocalDate;
import java.util.List;

/** A staff member's hours on one date, replacing that weekday's weekly hours (CONTRACT §15). */
public record DateOverrideView(LocalDate date, List<DayHours.Range> ranges) {
}
