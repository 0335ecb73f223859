/**
 * A key that runs a player action. `key` is matched on the character typed (so `?` and `+` work on
 * any layout, and a letter is the letter printed on the key); `code` on the key's place (the digit
 * row, whose characters differ between layouts). `shift` left out means either.
 */
export type KeyBinding = { key: string; shift?: boolean; label?: string } | { code: string; shift: boolean; label: string };

/** What a keydown tells the registry; a KeyboardEvent is one. */
export interface KeyPress {
  key: string;
  code: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  repeat: boolean;
  target: EventTarget | null;
}

/** The element's tag, input type, role and editability, read without assuming a DOM (unit tests pass plain objects). */
interface ElementLike {
  tagName?: unknown;
  type?: unknown;
  isContentEditable?: unknown;
  getAttribute?: (name: string) => string | null;
}

/** Input types that take no typed text: keys other than their own (Space, arrows) still reach the shortcuts. */
const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'color', 'file', 'image', 'radio', 'range', 'reset', 'submit']);

/** Roles whose element a Space press activates or moves. */
const SPACE_ROLES = new Set(['button', 'checkbox', 'link', 'menuitem', 'option', 'radio', 'slider', 'switch', 'tab']);

function asElement(target: EventTarget | null): ElementLike | null {
  return target !== null && typeof target === 'object' && 'tagName' in target ? (target as ElementLike) : null;
}

/** A field the musician types in: a text input, textarea, select or anything contenteditable. No shortcut fires there. */
export function isTypingTarget(target: EventTarget | null): boolean {
  const element = asElement(target);
  if (!element) return false;
  const editable = element.getAttribute?.('contenteditable');
  if (element.isContentEditable === true || editable === '' || editable === 'true' || editable === 'plaintext-only') return true;
  const tag = String(element.tagName).toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return tag === 'INPUT' && !NON_TEXT_INPUTS.has(String(element.type).toLowerCase());
}

/** A focused control that Space presses (a button, checkbox, slider, link or tab): Space stays its own, for keyboard users. */
export function spaceBelongsTo(target: EventTarget | null): boolean {
  const element = asElement(target);
  if (!element) return false;
  const tag = String(element.tagName).toUpperCase();
  if (tag === 'BUTTON' || tag === 'INPUT' || tag === 'SUMMARY' || tag === 'A') return true;
  const role = element.getAttribute?.('role');
  return role !== null && role !== undefined && SPACE_ROLES.has(role);
}

export function matchesKey(binding: KeyBinding, press: KeyPress): boolean {
  if ('code' in binding) return press.code === binding.code && press.shiftKey === binding.shift;
  if (binding.shift !== undefined && press.shiftKey !== binding.shift) return false;
  // A letter matches either case (Caps Lock on); other characters as typed.
  return binding.key.length === 1 && /\p{L}/u.test(binding.key) ? press.key.toLowerCase() === binding.key.toLowerCase() : press.key === binding.key;
}

/** Whether the page may take this press at all: not while typing, not a browser or system combination, not while Space presses a focused control. */
export function isFreePress(press: KeyPress): boolean {
  // Ctrl, Meta (Cmd) and Alt (Option) combinations belong to the browser and the system.
  if (press.ctrlKey || press.metaKey || press.altKey) return false;
  if (isTypingTarget(press.target)) return false;
  return !(press.key === ' ' && spaceBelongsTo(press.target));
}

/** How the help names a key: `Space`, `K`, `Shift+1`. */
export function keyLabel(binding: KeyBinding): string {
  if (binding.label !== undefined) return binding.label;
  if ('code' in binding) return binding.code;
  const name = binding.key === ' ' ? 'Space' : binding.key.length === 1 ? binding.key.toUpperCase() : binding.key;
  return binding.shift ? `Shift+${name}` : name;
}
