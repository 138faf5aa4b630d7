/**
 * A sign-in step that asks for a one-time code, built on input-otp as
 * shadcn/ui's InputOTP builds it: one transparent `<input>` laid over six
 * drawn slots, which show the digits and a fake caret; the input takes the
 * whole code (typed, pasted or filled by the browser's one-time-code
 * autofill) and keeps only digits. "Verify" reports the code the field holds.
 *
 * @module
 */
/** @jsxImportSource react */
import { OTPInput, REGEXP_ONLY_DIGITS } from "input-otp";
import { useState } from "react";
import { createRoot } from "react-dom/client";

function Slot({ char, isActive, hasFakeCaret }) {
  return (
    <div className={`slot${isActive ? " active" : ""}`}>
      {char}
      {hasFakeCaret && <div className="caret" />}
    </div>
  );
}

function Verify() {
  const [code, setCode] = useState("");
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        reportOutcome(`Verified: ${code}`);
      }}
    >
      <h1>Check your phone</h1>
      <p>We sent a six-digit code to +48 601 *** 567.</p>
      <label htmlFor="code">One-time code</label>
      <OTPInput
        id="code"
        maxLength={6}
        pattern={REGEXP_ONLY_DIGITS}
        value={code}
        onChange={setCode}
        containerClassName="otp"
        render={({ slots }) => (
          <div className="slots">
            {slots.map((slot, index) => <Slot key={index} {...slot} />)}
          </div>
        )}
      />
      <p>
        <button type="submit" disabled={code.length < 6}>Verify</button>
      </p>
    </form>
  );
}

createRoot(document.getElementById("app")).render(<Verify />);
