package dev.slotwise.catalog.staff;

import java.time.Instant;

/** The data of staff.checkin and staff.checkout (CONTRACT §7). */
record AttendanceEvent(String staffId, String name, Instant at) {
}
