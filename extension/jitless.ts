/**
 * Switches zod to jitless parsing. MV3 forbids `eval` and `new Function`;
 * zod decides whether to compile its fast object parser when a schema is
 * created, and probing for it makes Chrome report a CSP violation. So every
 * bundle entry imports this module first, before any module that creates a
 * schema.
 *
 * @module
 */
import * as z from "zod/mini";

z.config({ jitless: true });
