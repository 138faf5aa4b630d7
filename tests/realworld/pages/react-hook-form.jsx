/**
 * A sign-up form as apps write it with React Hook Form: every field is
 * `register`ed with RHF's built-in rules (required, pattern, minLength,
 * validate; no resolver), a native `<select>` for the plan, a radio group
 * for the billing period (monthly by default, through `defaultValues`) and
 * a terms checkbox. The form validates on submit, then again as each field
 * changes (RHF's default `reValidateMode`); each field says it is invalid
 * with `aria-invalid` and points at its message with `aria-describedby`,
 * the message itself a `role="alert"`, as RHF's accessibility guide shows.
 * A valid submit reports the values through `reportOutcome`, which
 * `/report.js` sets on the page, with how many submits it took.
 *
 * @module
 */
/** @jsxImportSource react */
import { useForm } from "react-hook-form";
import { useRef } from "react";
import { createRoot } from "react-dom/client";

const plans = [
  { value: "free", label: "Free" },
  { value: "team", label: "Team" },
  { value: "business", label: "Business" },
];

/** A field's message, where `aria-describedby` points, when RHF has an error for it. */
function ErrorMessage({ id, error }) {
  if (!error) return null;
  return (
    <span id={id} role="alert" className="error">
      {error.message}
    </span>
  );
}

/** The `aria-*` attributes RHF's guide puts on a field that may be invalid. */
function invalidity(error, messageId) {
  return {
    "aria-invalid": error ? "true" : "false",
    ...(error ? { "aria-describedby": messageId } : {}),
  };
}

function SignUp() {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    defaultValues: {
      name: "",
      email: "",
      password: "",
      plan: "",
      billing: "monthly",
      terms: false,
    },
  });
  /** Every press of Create account, valid or not. */
  const submitCount = useRef(0);
  const onSubmit = (values) => {
    const plan = plans.find((p) => p.value === values.plan)?.label ??
      values.plan;
    reportOutcome(
      `Signed up: ${values.name} <${values.email}>; plan=${plan}; billing=${values.billing}; ` +
        `terms=${values.terms ? "accepted" : "no"}; password=${values.password.length} chars; ` +
        `submits=${submitCount.current}`,
    );
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        submitCount.current += 1;
        return handleSubmit(onSubmit)(event);
      }}
    >
      <div className="field">
        <label htmlFor="name">Full name</label>
        <input
          id="name"
          autoComplete="name"
          {...invalidity(errors.name, "name-error")}
          {...register("name", { required: "Enter your name" })}
        />
        <ErrorMessage id="name-error" error={errors.name} />
      </div>
      <div className="field">
        <label htmlFor="email">Email</label>
        <input
          id="email"
          type="email"
          autoComplete="email"
          {...invalidity(errors.email, "email-error")}
          {...register("email", {
            required: "Enter your email address",
            pattern: {
              value: /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/,
              message: "Enter a valid email address, like name@example.com",
            },
          })}
        />
        <ErrorMessage id="email-error" error={errors.email} />
      </div>
      <div className="field">
        <label htmlFor="password">Password</label>
        <input
          id="password"
          type="password"
          autoComplete="new-password"
          {...invalidity(errors.password, "password-error")}
          {...register("password", {
            required: "Choose a password",
            minLength: { value: 8, message: "Use at least 8 characters" },
            validate: (value) => /\d/.test(value) || "Include at least one number",
          })}
        />
        <ErrorMessage id="password-error" error={errors.password} />
      </div>
      <div className="field">
        <label htmlFor="plan">Plan</label>
        <select
          id="plan"
          {...invalidity(errors.plan, "plan-error")}
          {...register("plan", { required: "Choose a plan" })}
        >
          <option value="" disabled>Select a plan…</option>
          {plans.map((plan) => <option key={plan.value} value={plan.value}>{plan.label}</option>)}
        </select>
        <ErrorMessage id="plan-error" error={errors.plan} />
      </div>
      <fieldset className="field">
        <legend>Billing period</legend>
        <label>
          <input
            type="radio"
            value="monthly"
            {...register("billing", { required: true })}
          />
          Monthly
        </label>
        <label>
          <input
            type="radio"
            value="yearly"
            {...register("billing", { required: true })}
          />
          Yearly (2 months free)
        </label>
      </fieldset>
      <div className="field">
        <label>
          <input
            type="checkbox"
            {...invalidity(errors.terms, "terms-error")}
            {...register("terms", {
              required: "Accept the terms to create an account",
            })}
          />
          I agree to the Terms of Service
        </label>
        <ErrorMessage id="terms-error" error={errors.terms} />
      </div>
      <button type="submit" disabled={isSubmitting}>Create account</button>
    </form>
  );
}

createRoot(document.getElementById("signup")).render(<SignUp />);
