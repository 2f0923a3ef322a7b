// The part of autocannon's API the load test uses (the package ships no types).
declare module 'autocannon' {
  interface Request {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    url: string;
    connections: number;
    duration: number;
    overallRate?: number;
    timeout?: number;
    requests?: Request[];
  }
  interface Histogram {
    p50: number;
    p99: number;
    max: number;
  }
  interface Result {
    requests: { total: number; average: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '5xx': number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
