/**
 * `leash doctor`: which link between Chrome and the Broker is broken, and
 * the command that fixes it.
 *
 * @module
 */
export { diagnose, type DoctorReport, doctorUsage, runDoctor } from "./doctor.ts";
export type { Link } from "./links.ts";
