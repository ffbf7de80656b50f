// The part of autocannon 9's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export type AutocannonRequest = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
  };
  export type AutocannonOptions = {
    url: string;
    connections?: number;
    pipelining?: number;
    duration?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: AutocannonRequest[];
  };
  export type AutocannonResult = {
    requests: { total: number; average: number };
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  export interface Instance extends EventEmitter {
    stop(): void;
  }
  function autocannon(
    options: AutocannonOptions,
    done: (error: Error | null, result: AutocannonResult) => void,
  ): Instance;
  export default autocannon;
}
