/**
 * The DeskFailure an action's promise rejects with, for the skill tests.
 *
 * @module
 */
import assert from "node:assert/strict";
import { DeskFailure } from "../../../contracts/desk/codes.ts";

/** The DeskFailure `promise` rejects with; anything else fails the test. */
export async function deskFailure(promise: Promise<unknown>): Promise<DeskFailure> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof DeskFailure, `expected a DeskFailure, got ${error}`);
    return error;
  }
  assert.fail("expected the action to fail");
}
