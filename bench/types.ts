// Shape of one benchmark figure, shared by every *.bench.ts and the runner (Node).
export interface BenchRow {
  bench: string;
  case: string;
  metric: string;
  value: number;
  unit: string;
}
export type Bench = () => Promise<BenchRow[]>;
