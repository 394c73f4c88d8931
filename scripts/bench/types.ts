/** One measured figure beside its budget. */
export interface BenchRow {
  section: string;
  name: string;
  value: number;
  unit: string;
  /** Human-readable budget, e.g. '<= 5 KB'; empty when the figure is informational. */
  budget: string;
  /** null when there is no budget to meet. */
  ok: boolean | null;
  note?: string;
}

/** A bench section: measures something and returns its rows. It starts and stops whatever it needs. */
export interface BenchSection {
  name: string;
  run(): Promise<BenchRow[]>;
}

function row(
  section: string,
  name: string,
  value: number,
  unit: string,
  budget: { text: string; ok: boolean | null },
  note?: string,
): BenchRow {
  return { section, name, value, unit, budget: budget.text, ok: budget.ok, ...(note ? { note } : {}) };
}

/** A row with a maximum budget. */
export function atMost(
  section: string,
  name: string,
  value: number,
  unit: string,
  max: number,
  note?: string,
): BenchRow {
  return row(section, name, value, unit, { text: `<= ${max} ${unit}`, ok: value <= max }, note);
}

/** A row with a minimum budget. */
export function atLeast(
  section: string,
  name: string,
  value: number,
  unit: string,
  min: number,
  note?: string,
): BenchRow {
  return row(section, name, value, unit, { text: `>= ${min} ${unit}`, ok: value >= min }, note);
}

/** An informational row. */
export function info(section: string, name: string, value: number, unit: string, note?: string): BenchRow {
  return row(section, name, value, unit, { text: '', ok: null }, note);
}
