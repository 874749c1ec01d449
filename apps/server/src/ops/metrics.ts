import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { startLoopBusyMonitor } from './loopBusy.ts';

/**
 * The `/metrics` figures (Prometheus text format, `prom-client`). Each app has its own registry
 * (tests build many apps in one process); the process figures (CPU, memory, event-loop lag as
 * `nodejs_eventloop_lag_*`, and `parley_eventloop_busy_max_seconds`: the part of that lag the
 * process spent running) are collected once per process, from the first scrape, and merged in when scraped.
 */

/**
 * Default figures that walk every open handle at each scrape: with 20,000 sockets, reading
 * /proc/self/fd and listing the handles held the event loop about 60 ms per scrape.
 * `parley_sockets` counts the sockets.
 */
export const PER_HANDLE_METRICS = ['process_open_fds', 'nodejs_active_handles', 'nodejs_active_handles_total', 'nodejs_active_resources', 'nodejs_active_resources_total'];

let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
    for (const name of PER_HANDLE_METRICS) processRegistry.removeSingleMetric(name);
    const busy = startLoopBusyMonitor();
    if (busy)
      new Gauge({
        name: 'parley_eventloop_busy_max_seconds',
        help: 'Longest event-loop delay since the last scrape that the main thread spent on a CPU (its own work, not waiting to be scheduled)',
        registers: [processRegistry],
        collect() {
          this.set(busy.takeMaxSeconds());
        },
      });
  }
  return processRegistry;
}

export interface MetricSources {
  /** open sockets of this node */
  sockets(): number;
  /** users with at least one bound socket on this node */
  boundUsers(): number;
  /** frames written to sockets so far (a running total) */
  framesDelivered(): number;
  /** writes to sockets so far (several frames may share one write) */
  socketWrites(): number;
}

export interface Metrics {
  /** one HTTP answer: its route and how long it took */
  observeRequest(route: string, seconds: number): void;
  /** one socket call (`call` frame): its endpoint, whether it succeeded, and how long it took */
  observeCall(name: string, ok: boolean, seconds: number): void;
  /** one database query */
  observeQuery(seconds: number): void;
  render(): Promise<{ contentType: string; body: string }>;
}

const SEND_PATH = '/enterprise/im/sendmessage';
const SEND_CALL = 'sendMessage';

/**
 * A labelled histogram's series by key, each made once: a burst of requests or calls observes
 * thousands at once, and prom-client would hash the labels on every observation.
 */
function seriesOf<S>(make: (key: string) => S): (key: string) => S {
  const made = new Map<string, S>();
  return (key) => {
    let series = made.get(key);
    if (!series) {
      series = make(key);
      made.set(key, series);
    }
    return series;
  };
}

export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  new Gauge({
    name: 'parley_sockets',
    help: 'Open WebSocket connections on this node',
    registers: [registry],
    collect() {
      this.set(sources.sockets());
    },
  });
  new Gauge({
    name: 'parley_bound_users',
    help: 'Users with at least one bound socket on this node',
    registers: [registry],
    collect() {
      this.set(sources.boundUsers());
    },
  });
  let counted = 0;
  new Counter({
    name: 'parley_pushes_total',
    help: 'Push frames written to sockets (rate() gives pushes per second)',
    registers: [registry],
    collect() {
      const now = sources.framesDelivered();
      this.inc(now - counted);
      counted = now;
    },
  });
  let written = 0;
  new Counter({
    name: 'parley_socket_writes_total',
    help: 'Writes of push frames to sockets (pushes / writes = frames per write)',
    registers: [registry],
    collect() {
      const now = sources.socketWrites();
      this.inc(now - written);
      written = now;
    },
  });
  const send = new Histogram({
    name: 'parley_send_message_seconds',
    help: 'sendMessage latency, request (HTTP or socket call) to answer',
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const requests = new Histogram({
    name: 'parley_http_request_seconds',
    help: 'HTTP answer latency by route',
    labelNames: ['route'],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  const calls = new Histogram({
    name: 'parley_socket_call_seconds',
    help: 'Socket call latency by endpoint and outcome (ok: answered code 0; refused: any other)',
    labelNames: ['name', 'outcome'],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  // one series per route of the endpoint table (or per static route): bounded
  const routeSeries = seriesOf((route: string) => requests.labels({ route }));
  const callSeries = seriesOf((key: string) => {
    const [name, outcome] = key.split(':');
    return calls.labels({ name, outcome });
  });
  const queries = new Histogram({
    name: 'parley_db_query_seconds',
    help: 'Database time per query',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  });

  return {
    observeRequest(route, seconds) {
      routeSeries(route).observe(seconds);
      if (route.toLowerCase() === SEND_PATH) send.observe(seconds);
    },
    observeCall(name, ok, seconds) {
      callSeries(`${name}:${ok ? 'ok' : 'refused'}`).observe(seconds);
      if (name === SEND_CALL) send.observe(seconds);
    },
    observeQuery(seconds) {
      queries.observe(seconds);
    },
    async render() {
      const merged = Registry.merge([processMetrics(), registry]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
  };
}
