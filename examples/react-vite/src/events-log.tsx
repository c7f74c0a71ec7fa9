export interface LoggedEvent {
  id: number;
  text: string;
}

export function EventsLog({ events, onClear }: { events: LoggedEvent[]; onClear: () => void }) {
  return (
    <section>
      <h2>
        Events <button onClick={onClear}>Clear</button>
      </h2>
      <ol className="events" data-testid="events">
        {events.map((event) => (
          <li key={event.id}>{event.text}</li>
        ))}
      </ol>
    </section>
  );
}
