// The process's logger: pino (what fastify logs with), one JSON line per event, at LOG_LEVEL. The
// HTTP server logs through its own `app.log` (the same library and format); code that runs outside
// a request (start-up, the worker process, job failures) takes a logger from here. Production code
// never writes with console.* (biome.jsonc: noConsole).
import { pino, type Logger } from "pino";
import type { Config } from "./config.js";

export type Log = Logger;

const loggers = new Map<string, Logger>();

/**
 * The logger for a part of the process (`name` is added to each line), at the configured level, on
 * stdout; `stderr` for the lines of a process that could not start (a bad configuration).
 */
export function logger(config: Pick<Config, "logLevel">, name?: string, opts: { stderr?: boolean } = {}): Logger {
  const key = `${config.logLevel}\u0000${name ?? ""}\u0000${opts.stderr ? 2 : 1}`;
  let log = loggers.get(key);
  if (!log) {
    log = pino({ level: config.logLevel, ...(name ? { name } : {}) }, pino.destination({ fd: opts.stderr ? 2 : 1, sync: true }));
    loggers.set(key, log);
  }
  return log;
}
