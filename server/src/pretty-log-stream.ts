/** A pino JSON line, as far as the formatter reads it. */
interface LogLine {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
}

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};

/**
 * `pnpm dev`'s log: pino's JSON made readable, one line per request (Fastify logs two: "incoming
 * request" is held back until "request completed" brings the status and the time). Production keeps
 * the JSON lines, which log collectors parse; pino-pretty is not a dependency of this repository,
 * and this is all the development log needs.
 */
export function prettyLogStream(out: { write(text: string): unknown } = process.stdout) {
  const requests = new Map<string, string>();
  return {
    write(chunk: string) {
      for (const text of chunk.split('\n')) {
        if (!text.trim()) continue;
        let line: LogLine;
        try {
          line = JSON.parse(text) as LogLine;
        } catch {
          out.write(`${text}\n`);
          continue;
        }
        const formatted = format(line, requests);
        if (formatted !== undefined) out.write(`${formatted}\n`);
      }
    },
  };
}

function format(line: LogLine, requests: Map<string, string>): string | undefined {
  const time = new Date(line.time ?? Date.now()).toTimeString().slice(0, 8);
  if (line.msg === 'incoming request' && line.reqId) {
    requests.set(line.reqId, `${line.req?.method ?? ''} ${line.req?.url ?? ''}`);
    return undefined;
  }
  if (line.msg === 'request completed' && line.reqId) {
    const request = requests.get(line.reqId) ?? '';
    requests.delete(line.reqId);
    const ms = line.responseTime === undefined ? '' : ` ${line.responseTime.toFixed(1)} ms`;
    return `${time} ${line.res?.statusCode ?? '---'} ${request}${ms}`;
  }
  const level = LEVELS[line.level ?? 30] ?? 'INFO ';
  const error = line.err ? `\n${line.err.stack ?? line.err.message ?? ''}` : '';
  return `${time} ${level} ${line.msg ?? ''}${error}`;
}
