package dev.slotwise.notification.mail;

import java.io.IOException;
import java.io.StringWriter;
import java.net.URI;
import java.util.List;
import net.fortuna.ical4j.data.CalendarOutputter;
import net.fortuna.ical4j.model.Calendar;
import net.fortuna.ical4j.model.ParameterList;
import net.fortuna.ical4j.model.component.VEvent;
import net.fortuna.ical4j.model.parameter.Cn;
import net.fortuna.ical4j.model.parameter.Role;
import net.fortuna.ical4j.model.property.Attendee;
import net.fortuna.ical4j.model.property.Description;
import net.fortuna.ical4j.model.property.Organizer;
import net.fortuna.ical4j.model.property.ProdId;
import net.fortuna.ical4j.model.property.Sequence;
import net.fortuna.ical4j.model.property.Uid;
import net.fortuna.ical4j.model.property.immutable.ImmutableCalScale;
import net.fortuna.ical4j.model.property.immutable.ImmutableMethod;
import net.fortuna.ical4j.model.property.immutable.ImmutableStatus;
import net.fortuna.ical4j.model.property.immutable.ImmutableVersion;
import net.fortuna.ical4j.validate.ValidationException;

/**
 * iCalendar (RFC 5545) text, built and validated by ical4j: an invitation ({@code METHOD:REQUEST}, or
 * {@code METHOD:CANCEL} when the appointment was cancelled; organiser the business, attendee the customer, as
 * iTIP (RFC 5546) asks) and a staff member's feed ({@code METHOD:PUBLISH}, no contact data).
 */
public final class Calendars {

    private static final ProdId PRODUCT = new ProdId("-//Slotwise//Notifications//EN");

    private Calendars() {
    }

    public static String invitation(CalendarEvent event, String organizerName, String organizerAddress,
            String attendeeAddress) {
        VEvent vevent = vevent(event);
        vevent.add(new Organizer(new ParameterList(List.of(new Cn(organizerName))), mailto(organizerAddress)));
        vevent.add(new Attendee(new ParameterList(List.of(Role.REQ_PARTICIPANT)), mailto(attendeeAddress)));
        Calendar calendar = calendar().add(event.cancelled() ? ImmutableMethod.CANCEL : ImmutableMethod.REQUEST);
        return write(calendar.add(vevent));
    }

    public static String feed(List<CalendarEvent> events) {
        Calendar calendar = calendar().add(ImmutableMethod.PUBLISH);
        for (CalendarEvent event : events) {
            calendar = calendar.add(vevent(event));
        }
        return write(calendar);
    }

    private static Calendar calendar() {
        return new Calendar().add(PRODUCT).add(ImmutableVersion.VERSION_2_0).add(ImmutableCalScale.GREGORIAN);
    }

    private static VEvent vevent(CalendarEvent event) {
        VEvent vevent = new VEvent(event.startsAt(), event.endsAt(), event.summary());
        vevent.add(new Uid(event.uid()));
        vevent.add(new Sequence(event.sequence()));
        vevent.add(event.cancelled() ? ImmutableStatus.VEVENT_CANCELLED : ImmutableStatus.VEVENT_CONFIRMED);
        if (event.description() != null) {
            vevent.add(new Description(event.description()));
        }
        return vevent;
    }

    private static URI mailto(String address) {
        return URI.create("mailto:" + address);
    }

    private static String write(Calendar calendar) {
        StringWriter out = new StringWriter();
        try {
            new CalendarOutputter(true).output(calendar, out);
        } catch (IOException | ValidationException e) {
            throw new IllegalStateException("the calendar is not valid iCalendar: " + e.getMessage(), e);
        }
        return out.toString();
    }
}
