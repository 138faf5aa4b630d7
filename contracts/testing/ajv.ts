/**
 * Ajv, set up for the published schema: test and benchmark support only.
 * Ajv is a development dependency and never part of what ships.
 *
 * @module
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import type { ValidateFunction } from "ajv";
import publishedSchema from "../protocol/v1.schema.json" with { type: "json" };
import { annotationKeywords, protocolDefRef, protocolSchemaId } from "../schema.ts";

/** Validators compiled from one schema document. */
export interface ProtocolValidators {
  /** The root: one envelope. */
  envelope: ValidateFunction;
  /** The validator of a `$defs` entry; throws when there is none. */
  def(name: string): ValidateFunction;
}

/**
 * Compile `schema` (by default the committed contracts/protocol/v1.schema.json)
 * with Ajv's draft 2020-12 validator in strict mode, which also fails on any
 * keyword it does not know.
 */
export function compileProtocol(schema: object = publishedSchema): ProtocolValidators {
  const ajv = new Ajv2020({ strict: true });
  ajv.addVocabulary([...annotationKeywords]);
  ajv.addSchema(schema);
  const compiled = new Map<string, ValidateFunction>();
  const get = (ref: string): ValidateFunction => {
    const cached = compiled.get(ref);
    if (cached !== undefined) return cached;
    const validate = ajv.getSchema(ref);
    if (validate === undefined) throw new Error(`Cannot compile schema: no ${ref}`);
    compiled.set(ref, validate);
    return validate;
  };
  return { envelope: get(protocolSchemaId), def: (name) => get(protocolDefRef(name)) };
}
