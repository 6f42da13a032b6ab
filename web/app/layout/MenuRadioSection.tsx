import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { CheckIcon } from "../../ui/icons";

interface MenuRadioSectionProps<T extends string> {
  /** Names the group (aria-labelledby) and prefixes the test ids: `${id}-switch`, `${id}-option-${value}`. */
  id: string;
  label: string;
  value: T;
  options: readonly T[];
  optionLabel: (option: T) => string;
  /** Sets the option's `lang` attribute, for options named in their own language. */
  optionLang?: (option: T) => string | undefined;
  onChange: (value: string) => void;
}

/** A labelled group of checkable choices in a dropdown menu (the user menu's language and message spacing). */
export function MenuRadioSection<T extends string>({ id, label, value, options, optionLabel, optionLang, onChange }: MenuRadioSectionProps<T>) {
  return (
    <>
      <DropdownMenu.Separator className="menu__separator" />
      <DropdownMenu.Label className="menu__label" id={`menu-${id}-label`}>
        {label}
      </DropdownMenu.Label>
      <DropdownMenu.RadioGroup value={value} onValueChange={onChange} aria-labelledby={`menu-${id}-label`} data-testid={`${id}-switch`}>
        {options.map((option) => (
          <DropdownMenu.RadioItem key={option} value={option} lang={optionLang?.(option)} className="menu__item" data-testid={`${id}-option-${option}`}>
            <span className="menu__item-text">{optionLabel(option)}</span>
            <DropdownMenu.ItemIndicator className="menu__check">
              <CheckIcon />
            </DropdownMenu.ItemIndicator>
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
    </>
  );
}
