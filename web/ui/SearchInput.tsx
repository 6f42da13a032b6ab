import { forwardRef } from "react";

interface SearchInputProps {
  /** Shown as the placeholder and read out as the field's name. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}

/** The search field of lists and pickers: labelled, typed as search (Escape clears it natively). */
export const SearchInput = forwardRef<HTMLInputElement, SearchInputProps>(function SearchInput({ label, value, onChange, testId }, ref) {
  return (
    <input
      ref={ref}
      type="search"
      className="field__input"
      placeholder={label}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      data-testid={testId}
    />
  );
});
