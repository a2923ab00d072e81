package dev.slotwise.catalog.staff;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;

/**
 * How the staff table keeps a member's calendar, for a reader outside this package that selects the columns itself
 * (the booking context): the services as comma-joined ids, the weekly hours and each date override's ranges as JSON.
 */
public final class StaffCalendars {

    private static final ServiceIdsColumn SERVICE_IDS = new ServiceIdsColumn();

    private StaffCalendars() {
    }

    public static List<String> serviceIds(String column) {
        return SERVICE_IDS.convertToEntityAttribute(column);
    }

    public static List<WorkingHours.Range> weekly(ObjectMapper json, String column) {
        return WorkingHours.read(json, column).weekly();
    }

    public static List<DayHours.Range> ranges(ObjectMapper json, String column) {
        return DateOverrides.read(json, column);
    }
}
