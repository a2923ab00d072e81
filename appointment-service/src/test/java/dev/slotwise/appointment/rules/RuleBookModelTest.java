package dev.slotwise.appointment.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.slotwise.appointment.rules.BookingContext.ClosedDay;
import dev.slotwise.appointment.rules.BookingContext.DateOverride;
import dev.slotwise.appointment.rules.BookingContext.DayRange;
import dev.slotwise.appointment.rules.BookingContext.Period;
import dev.slotwise.appointment.rules.BookingContext.Policy;
import dev.slotwise.appointment.rules.BookingContext.ServiceTerms;
import dev.slotwise.appointment.rules.BookingContext.StaffCalendar;
import dev.slotwise.appointment.rules.BookingContext.WeeklyRange;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The rule engine against a model of CONTRACT §14/§15 written the slow, obvious way (minute by minute, with
 * {@link ZonedDateTime}, no spans, no binary searches), for generated tenants: hours, date overrides, closures, time
 * off, buffers, bookings (booked, no-show, completed), policies, in time zones with and without clock changes, over
 * windows that hold the changes of Europe/Berlin and America/New_York. For every staff member, service and start on
 * a 15-minute grid the engine gives exactly the model's reasons (and names the same appointments in the way), and the
 * search offers exactly the starts the model would. A failure prints the seed that reproduces it.
 */
class RuleBookModelTest {

    private static final long MINUTE = 60_000L;
    private static final List<String> ZONES = List.of("UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata");
    /** Days around which windows are generated: the clock changes of 2030, and ordinary days. */
    private static final List<LocalDate> AROUND = List.of(LocalDate.of(2030, 3, 10), LocalDate.of(2030, 3, 31),
            LocalDate.of(2030, 10, 27), LocalDate.of(2030, 11, 3), LocalDate.of(2030, 6, 12),
            LocalDate.of(2030, 1, 1));
    private static final String[] DAYS = {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
            "sunday"};

    /** One generated tenant and the question asked of it. */
    private record Tenant(ZoneId zone, BookingContext context, List<BookedTime> booked, Instant now, long from,
            long to, int slotMinutes) {
    }

    @Test
    void theEngineDecidesAndSearchesExactlyAsTheModelForGeneratedTenants() {
        long seed = Long.getLong("rules.seed", System.nanoTime());
        Random random = new Random(seed);
        Set<String> seen = new TreeSet<>();
        int offeredInAll = 0;
        for (int n = 0; n < 60; n++) {
            Tenant tenant = generate(random);
            String context = "seed " + seed + ", tenant " + n + ": " + tenant;
            RuleBook rules = RuleBook.of(tenant.context(), tenant.booked(), tenant.zone(), tenant.now(),
                    Window.between(Instant.ofEpochMilli(tenant.from()),
                            Instant.ofEpochMilli(tenant.to()).plus(Window.LONGEST_SERVICE)));
            Model model = new Model(tenant);
            for (ServiceTerms service : tenant.context().services()) {
                for (StaffCalendar staff : tenant.context().staff()) {
                    for (long start = tenant.from(); start < tenant.to(); start += 15 * MINUTE) {
                        Decision decision = rules.decide(VisitRequest.of(service.id(), staff.id(),
                                Instant.ofEpochMilli(start)));
                        List<Reason> reasons = decision instanceof Decision.Refusal refusal ? refusal.reasons()
                                : List.of();
                        seen.addAll(codes(reasons));
                        assertThat(codes(reasons)).as(context + " — %s %s at %s", service.id(), staff.id(),
                                Instant.ofEpochMilli(start)).isEqualTo(model.reasons(service, staff, start));
                        assertThat(reasons.stream().filter(r -> r.code() == ReasonCode.BOOKED)
                                .map(Reason::appointmentId).toList()).as(context)
                                .containsExactlyInAnyOrderElementsOf(model.inTheWay(service, staff, start));
                    }
                }
                List<String> offered = new ArrayList<>();
                rules.freeStarts(service.id(), null, new MinuteGrid(tenant.zone(), tenant.slotMinutes()),
                        tenant.from(), tenant.to(), (start, staffId) -> offered.add(staffId + " " + start));
                assertThat(offered).as(context + " — offered " + service.id())
                        .containsExactlyInAnyOrderElementsOf(model.offered(service));
                offeredInAll += offered.size();
            }
        }
        // the generated tenants exercise every rule of §14/§15, and offer slots too
        assertThat(seen).as("seed " + seed).containsExactlyInAnyOrder("outside_booking_window", "closed",
                "outside_working_hours", "time_off", "service_not_offered", "booked", "daily_limit_reached");
        assertThat(offeredInAll).as("seed " + seed).isGreaterThan(100);
    }

    private static Set<String> codes(List<Reason> reasons) {
        Set<String> codes = new TreeSet<>();
        reasons.forEach(reason -> codes.add(reason.code().wireName()));
        return codes;
    }

    // --- the model -------------------------------------------------------------------------------------------------

    /** CONTRACT §14/§15 read literally, one minute at a time. */
    private static final class Model {

        private final Tenant tenant;
        private final Policy policy;

        Model(Tenant tenant) {
            this.tenant = tenant;
            this.policy = tenant.context().policy();
        }

        Set<String> reasons(ServiceTerms service, StaffCalendar staff, long start) {
            long end = start + service.durationMinutes() * MINUTE;
            long now = tenant.now().toEpochMilli();
            Set<String> codes = new TreeSet<>();
            long earliest = policy.minNoticeMinutes() == 0 ? now - 60_000 : now + policy.minNoticeMinutes() * MINUTE;
            if (start < earliest || policy.maxAdvanceDays() != null
                    && start > now + Duration.ofDays(policy.maxAdvanceDays()).toMillis()) {
                codes.add("outside_booking_window");
            }
            for (long t = start; t < end; t += MINUTE) {
                LocalDate date = Instant.ofEpochMilli(t).atZone(tenant.zone()).toLocalDate();
                if (tenant.context().closures().stream().anyMatch(c -> c.locationId() == null
                        && c.date().equals(date))) {
                    codes.add("closed");
                }
                if (!works(staff, t, false)) {
                    codes.add("outside_working_hours");
                }
            }
            if (staff.timeOff().stream().anyMatch(p -> p.startsAt().toEpochMilli() < end
                    && start < p.endsAt().toEpochMilli())) {
                codes.add("time_off");
            }
            if (!staff.serviceIds().isEmpty() && !staff.serviceIds().contains(service.id())) {
                codes.add("service_not_offered");
            }
            if (!inTheWay(service, staff, start).isEmpty()) {
                codes.add("booked");
            }
            LocalDate day = Instant.ofEpochMilli(start).atZone(tenant.zone()).toLocalDate();
            long sameDay = tenant.booked().stream().filter(b -> b.staffId().equals(staff.id()) && b.counts()
                    && Instant.ofEpochMilli(b.startsAt()).atZone(tenant.zone()).toLocalDate().equals(day)).count();
            if (policy.maxAppointmentsPerStaffPerDay() != null && sameDay >= policy.maxAppointmentsPerStaffPerDay()) {
                codes.add("daily_limit_reached");
            }
            return codes;
        }

        List<String> inTheWay(ServiceTerms service, StaffCalendar staff, long start) {
            long from = start - service.bufferBeforeMinutes() * MINUTE;
            long until = start + (service.durationMinutes() + service.bufferAfterMinutes()) * MINUTE;
            return tenant.booked().stream().filter(b -> b.staffId().equals(staff.id())
                    && b.occupiedUntil() > b.occupiedFrom() && b.occupiedFrom() < until && from < b.occupiedUntil())
                    .map(BookedTime::ownerId).toList();
        }

        List<String> offered(ServiceTerms service) {
            List<String> offered = new ArrayList<>();
            long now = tenant.now().toEpochMilli();
            for (StaffCalendar staff : tenant.context().staff()) {
                for (long start = tenant.from(); start < tenant.to(); start += MINUTE) {
                    ZonedDateTime local = Instant.ofEpochMilli(start).atZone(tenant.zone());
                    if (local.getMinute() % tenant.slotMinutes() != 0 || start < now + policy.minNoticeMinutes() * MINUTE) {
                        continue;
                    }
                    long end = start + service.durationMinutes() * MINUTE;
                    boolean set = true;
                    for (long t = start; t < end && set; t += MINUTE) {
                        set = works(staff, t, true);
                    }
                    if (set && reasons(service, staff, start).isEmpty()) {
                        offered.add(staff.id() + " " + start);
                    }
                }
            }
            return offered;
        }

        /**
         * Whether the staff member works at minute {@code t}: the ranges of that local date's override, else of its week
         * day; a member without weekly hours works all day where no override says otherwise, unless only hours that are
         * set count ({@code setOnly}: what the search offers).
         */
        private boolean works(StaffCalendar staff, long t, boolean setOnly) {
            ZonedDateTime local = Instant.ofEpochMilli(t).atZone(tenant.zone());
            LocalDate date = local.toLocalDate();
            List<DayRange> ranges = staff.dateOverrides().stream().filter(o -> o.date().equals(date))
                    .map(DateOverride::ranges).findFirst().orElse(null);
            if (ranges == null) {
                if (staff.weekly().isEmpty()) {
                    return !setOnly;
                }
                String day = DAYS[date.getDayOfWeek().ordinal()];
                ranges = staff.weekly().stream().filter(w -> w.day().equals(day))
                        .map(w -> new DayRange(w.start(), w.end())).toList();
            }
            for (DayRange range : ranges) {
                long from = ZonedDateTime.of(date, LocalTime.parse(range.start()), tenant.zone()).toInstant()
                        .toEpochMilli();
                long until = range.end().equals("24:00")
                        ? date.plusDays(1).atStartOfDay(tenant.zone()).toInstant().toEpochMilli()
                        : ZonedDateTime.of(date, LocalTime.parse(range.end()), tenant.zone()).toInstant().toEpochMilli();
                if (from <= t && t < until) {
                    return true;
                }
            }
            return false;
        }
    }

    /** The search's grid the obvious way: every whole minute whose local minute-of-hour is a multiple of the grid. */
    private record MinuteGrid(ZoneId zone, int minutes) implements RuleBook.Grid {

        @Override
        public long firstAtOrAfter(long t) {
            long candidate = (t + MINUTE - 1) / MINUTE * MINUTE;
            while (Instant.ofEpochMilli(candidate).atZone(zone).getMinute() % minutes != 0) {
                candidate += MINUTE;
            }
            return candidate;
        }

        @Override
        public long after(long start) {
            return firstAtOrAfter(start + MINUTE);
        }
    }

    // --- generated tenants -----------------------------------------------------------------------------------------

    private static Tenant generate(Random random) {
        ZoneId zone = ZoneId.of(ZONES.get(random.nextInt(ZONES.size())));
        LocalDate around = AROUND.get(random.nextInt(AROUND.size()));
        LocalDate firstDay = around.minusDays(random.nextInt(2));
        long from = firstDay.atStartOfDay(zone).toInstant().toEpochMilli() + random.nextInt(4) * 15 * MINUTE;
        long to = from + (1 + random.nextInt(3)) * 86_400_000L;
        Instant now = Instant.ofEpochMilli(from + (random.nextInt(48 * 60) - 24 * 60) * MINUTE
                + random.nextInt(60_000));
        Policy policy = new Policy(pick(random, 0, 0, 30, 60, 1440), random.nextBoolean() ? null : pick(random, 1, 2, 3),
                pick(random, 0, 60), random.nextBoolean() ? null : pick(random, 1, 2, 3), null);
        List<ServiceTerms> services = new ArrayList<>();
        int serviceCount = 1 + random.nextInt(2);
        for (int i = 0; i < serviceCount; i++) {
            services.add(new ServiceTerms("svc_" + i, pick(random, 15, 30, 45, 60, 90, 150), pick(random, 0, 0, 5, 15, 30),
                    pick(random, 0, 0, 10, 15, 45), true));
        }
        List<LocalDate> dates = new ArrayList<>();
        for (LocalDate d = firstDay.minusDays(1); !d.isAfter(firstDay.plusDays(4)); d = d.plusDays(1)) {
            dates.add(d);
        }
        List<StaffCalendar> staff = new ArrayList<>();
        List<BookedTime> booked = new ArrayList<>();
        int staffCount = 1 + random.nextInt(3);
        for (int i = 0; i < staffCount; i++) {
            String id = "stf_" + i;
            List<WeeklyRange> weekly = new ArrayList<>();
            if (random.nextInt(4) > 0) {
                for (String day : DAYS) {
                    if (random.nextInt(5) > 0) {
                        ranges(random).forEach(r -> weekly.add(new WeeklyRange(day, r.start(), r.end())));
                    }
                }
            }
            List<DateOverride> overrides = new ArrayList<>();
            for (LocalDate date : dates) {
                if (random.nextInt(4) == 0) {
                    overrides.add(new DateOverride(date, random.nextInt(3) == 0 ? List.of() : ranges(random)));
                }
            }
            List<Period> timeOff = new ArrayList<>();
            for (int k = random.nextInt(3); k > 0; k--) {
                long start = from + (random.nextInt(72 * 4) - 8) * 15 * MINUTE;
                timeOff.add(new Period(Instant.ofEpochMilli(start),
                        Instant.ofEpochMilli(start + (1 + random.nextInt(16)) * 15 * MINUTE)));
            }
            List<String> performs = random.nextInt(3) > 0 ? List.of()
                    : List.of(services.get(random.nextInt(services.size())).id());
            staff.add(new StaffCalendar(id, performs, weekly, overrides, timeOff));
            for (int k = random.nextInt(12); k > 0; k--) {
                long start = from + (random.nextInt(80 * 12) - 48) * 5 * MINUTE;
                long end = start + pick(random, 15, 30, 60, 90) * MINUTE;
                long before = pick(random, 0, 0, 10) * MINUTE;
                long after = pick(random, 0, 0, 15) * MINUTE;
                int status = random.nextInt(6);
                String appointmentId = "appt_" + i + "_" + k;
                if (status == 0) {
                    // completed: occupies nothing, still counts toward its day
                    booked.add(BookedTime.appointment(appointmentId, id, start, end, start - before, start - before));
                } else if (status == 1) {
                    // a no-show marked part-way: keeps what had passed
                    booked.add(BookedTime.appointment(appointmentId, id, start, end, start - before, start + 5 * MINUTE));
                } else {
                    booked.add(BookedTime.appointment(appointmentId, id, start, end, start - before, end + after));
                }
            }
        }
        List<ClosedDay> closures = new ArrayList<>();
        for (LocalDate date : dates) {
            if (random.nextInt(6) == 0) {
                closures.add(new ClosedDay(date, null));
            } else if (random.nextInt(10) == 0) {
                // a closure of one location (§17) closes nothing of a business without locations
                closures.add(new ClosedDay(date, "loc_1"));
            }
        }
        return new Tenant(zone, new BookingContext(policy, services, staff, closures), booked, now, from, to,
                pick(random, 15, 20, 30));
    }

    /** One to three non-overlapping ranges of a day, HH:MM, sometimes from midnight or to 24:00. */
    private static List<DayRange> ranges(Random random) {
        List<DayRange> ranges = new ArrayList<>();
        int minute = random.nextInt(4) == 0 ? 0 : (1 + random.nextInt(10)) * 60 + pick(random, 0, 0, 30, 15);
        for (int k = 1 + random.nextInt(3); k > 0 && minute < 24 * 60; k--) {
            int end = Math.min(24 * 60, minute + (1 + random.nextInt(12)) * 30);
            ranges.add(new DayRange(clock(minute), clock(end)));
            minute = end + pick(random, 0, 30, 60, 120);
        }
        return ranges;
    }

    private static String clock(int minutes) {
        return String.format(Locale.ROOT, "%02d:%02d", minutes / 60, minutes % 60);
    }

    private static int pick(Random random, int... values) {
        return values[random.nextInt(values.length)];
    }
}
