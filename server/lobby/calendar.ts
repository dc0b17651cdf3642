// An adjourned game's time to meet again as an iCalendar file (GET /api/games/:code/calendar.ics).

function icsTime(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** Text for an iCalendar line: backslash, semicolon, comma and newlines escaped (RFC 5545 3.3.11). */
function icsText(s: string): string {
  return s.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, "\\n");
}

/**
 * An iCalendar file for the meeting: two hours from `meetAt`, the table's link in it (the invite link,
 * which any player of the table already has: no key, token or address).
 */
export function calendarFile(code: string, meetAt: number, link: string, now: number): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//New Angeles online//adjourned game//EN",
    "BEGIN:VEVENT",
    `UID:${code}-${meetAt}@new-angeles`,
    `DTSTAMP:${icsTime(now)}`,
    `DTSTART:${icsTime(meetAt)}`,
    `DTEND:${icsTime(meetAt + 2 * 3600_000)}`,
    `SUMMARY:${icsText(`New Angeles: our game ${code} resumes`)}`,
    `DESCRIPTION:${icsText(`Open the table: ${link}`)}`,
    `URL:${icsText(link)}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.join("\r\n") + "\r\n";
}
