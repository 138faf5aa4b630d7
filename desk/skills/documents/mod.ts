/**
 * The documents skill: `convert_document_to_markdown` and its runtime probe.
 *
 * @module
 */
export {
  convertDocumentAction,
  ConvertDocumentArgsSchema,
  type ConvertDocumentResult,
  DEFAULT_DOCUMENT_LIMITS,
  type DocumentLimits,
  type DocumentsContext,
} from "./convert_document.ts";
export { documentsRuntime } from "./runtime.ts";
