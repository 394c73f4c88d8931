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

/** A row with a maximum budget. */
export function atMost(
  section: string,
  name: string,
  value: number,
  unit: string,
  max: number,
  note?: string,
): BenchRow {
  return {
    section,
    name,
    value,
    unit,
    budget: `<= ${max} ${unit}`,
    ok: value <= max,
    ...(note ? { note } : {}),
  };
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
  return {
    section,
    name,
    value,
    unit,
    budget: `>= ${min} ${unit}`,
    ok: value >= min,
    ...(note ? { note } : {}),
  };
}

/** An informational row. */
export function info(section: string, name: string, value: number, unit: string, note?: string): BenchRow {
  return { section, name, value, unit, budget: '', ok: null, ...(note ? { note } : {}) };
}
