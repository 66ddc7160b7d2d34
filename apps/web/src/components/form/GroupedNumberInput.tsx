import { NumberInput, type NumberInputProps } from '@mantine/core';
import { type FocusEvent, type KeyboardEvent, type Ref, useState } from 'react';

/**
 * A number field (money, quantities) that groups thousands ("40,000") while it is not being typed into, and shows
 * plain digits ("40000") while it has the focus. Regrouping as each digit is typed makes the field move the caret
 * after every key, partly later on a timer; a key pressed before the caret is back lands in the wrong place, so on a
 * busy till "40000" typed fast could read "4,000". With no separators the text never changes under the caret.
 * The value, validation and decimals are the NumberInput's own; focus, blur and key handlers passed in (e.g. the
 * POS's select-on-focus) still run, after the field has dropped its separators.
 */
export function GroupedNumberInput({
  onFocusCapture,
  onBlur,
  onKeyDownCapture,
  ...rest
}: NumberInputProps & { ref?: Ref<HTMLInputElement> }) {
  const [typing, setTyping] = useState(false);

  // Drops the separators at once, before the redraw that follows the focus: put in by the redraw, the plain text would
  // lose the selection a select-on-focus field has just made and leave the caret at the end. All of it is selected,
  // as tabbing in does; the click that gave the focus still puts the caret where it lands.
  const ungroup = (input: HTMLInputElement) => {
    const plain = input.value.replaceAll(',', '');
    if (plain !== input.value) {
      input.value = plain;
      input.select();
    }
    setTyping(true);
  };

  return (
    <NumberInput
      {...rest}
      thousandSeparator={typing ? undefined : ','}
      onFocusCapture={(e: FocusEvent<HTMLInputElement>) => {
        ungroup(e.currentTarget);
        onFocusCapture?.(e);
      }}
      // Regrouped once the field has heard of the blur itself: regrouped before, it would put the caret back in the
      // grouped text and so take the focus back.
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        setTyping(false);
        onBlur?.(e);
      }}
      onKeyDownCapture={(e: KeyboardEvent<HTMLInputElement>) => {
        // A field focused before it could hear of it ungroups on its first key, before the key's digit goes in; the
        // field moves the caret from the grouped text to the plain one itself.
        if (!typing) setTyping(true);
        onKeyDownCapture?.(e);
      }}
    />
  );
}
