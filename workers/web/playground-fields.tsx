/** @jsxImportSource hono/jsx */
// The playground's form controls. Each control names the request field it edits in `data-path`, in the
// model's own path notation (`from.name`, `items[0].quantity`), so the client can put a validation
// message from @invoice/model next to the control it is about. Invoice text (names, addresses,
// descriptions, notes) carries `data-invoice-text`: it turns right to left when the invoice is Arabic.

interface ControlProps {
  id: string;
  label: string;
  /** The request field, as the model's messages name it; item fields use `data-item-field` instead. */
  path?: string;
  itemField?: string;
  /** Parsed as a number when it reads as one (else sent as typed, for the model to refuse). */
  numeric?: boolean;
  invoiceText?: boolean;
  hint?: string;
  wide?: boolean;
  placeholder?: string;
  autocomplete?: string;
  /** Text that reads left to right in any language (emails, tax ids, codes). */
  ltr?: boolean;
}

function controlAttrs(p: ControlProps) {
  const describedBy = [p.hint ? `${p.id}-hint` : '', `${p.id}-error`].filter(Boolean).join(' ');
  return {
    id: p.id,
    name: p.id,
    'data-path': p.path,
    'data-item-field': p.itemField,
    'data-numeric': p.numeric ? '' : undefined,
    'data-invoice-text': p.invoiceText ? '' : undefined,
    'aria-describedby': describedBy,
    placeholder: p.placeholder,
    autocomplete: p.autocomplete ?? 'off',
    dir: p.ltr ? 'ltr' : undefined,
  };
}

function FieldFrame(p: ControlProps & { children: unknown }) {
  return (
    <div class={p.wide ? 'field field--wide' : 'field'}>
      <label for={p.id}>{p.label}</label>
      {p.children}
      {p.hint ? (
        <p class="field__hint" id={`${p.id}-hint`}>
          {p.hint}
        </p>
      ) : null}
      <p class="field-error" id={`${p.id}-error`} data-error-for={p.id} hidden />
    </div>
  );
}

export function TextField(p: ControlProps & { type?: 'text' | 'email' | 'date' }) {
  return (
    <FieldFrame {...p}>
      <input type={p.type ?? 'text'} inputmode={p.numeric ? 'decimal' : undefined} {...controlAttrs(p)} />
    </FieldFrame>
  );
}

export function TextArea(p: ControlProps & { rows?: number }) {
  return (
    <FieldFrame {...p}>
      <textarea rows={p.rows ?? 2} {...controlAttrs(p)} />
    </FieldFrame>
  );
}

export function SelectField(p: ControlProps & { options: readonly (readonly [string, string])[] }) {
  return (
    <FieldFrame {...p}>
      <select {...controlAttrs(p)}>
        {p.options.map(([value, text]) => (
          <option value={value}>{text}</option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** The electronic address schemes people use most; the JSON editor takes any code of the EAS list. */
const EAS_SCHEMES = [
  ['', 'None'],
  ['0208', '0208 Belgian enterprise no.'],
  ['0106', '0106 Dutch KvK'],
  ['0190', '0190 Dutch OIN'],
  ['0192', '0192 Norwegian org. no.'],
  ['0007', '0007 Swedish org. no.'],
  ['0088', '0088 GLN'],
  ['9930', '9930 German VAT id'],
  ['0204', '0204 Leitweg-ID'],
  ['EM', 'EM e-mail (XRechnung)'],
] as const;

const DISCOUNT_TYPES = [
  ['percent', '%'],
  ['amount', 'amount'],
] as const;

/** A party: who sends the invoice, or who receives it. */
export function PartyFields(props: { party: 'from' | 'to'; title: string }) {
  const id = (f: string) => `${props.party}-${f.replace('_', '-')}`;
  const path = (f: string) => `${props.party}.${f}`;
  return (
    <fieldset class="pg-group pg-party">
      <legend>{props.title}</legend>
      <TextField id={id('name')} label="Name" path={path('name')} invoiceText wide />
      <TextArea id={id('address')} label="Address" path={path('address')} invoiceText wide />
      <TextField id={id('email')} label="Email" path={path('email')} type="email" ltr wide />
      <TextField
        id={id('tax_id')}
        label="Tax ID"
        path={path('tax_id')}
        hint="A VAT number: DE123456789, CHE-123.456.789 MWST"
        ltr
        wide
      />
      <TextField id={id('country')} label="Country" path={path('country')} hint="Two letters: DE, US" ltr />
      <TextField id={id('contact_name')} label="Contact" path={path('contact_name')} invoiceText />
      <TextField id={id('phone')} label="Phone" path={path('phone')} ltr />
      <SelectField
        id={id('eas_scheme')}
        label="E-invoice address scheme"
        path={path('electronic_address.scheme')}
        options={EAS_SCHEMES}
      />
      <TextField
        id={id('eas_id')}
        label="E-invoice address"
        path={path('electronic_address.id')}
        hint="Peppol participant id or, for XRechnung, an e-mail"
        ltr
      />
    </fieldset>
  );
}

/**
 * One line item. The page holds it once in a <template>; the client clones it per item and numbers
 * its ids (`item-3-quantity`), legend and button names.
 */
export function ItemRow() {
  const f = (name: string) => `item-0-${name.replace('_', '-')}`;
  return (
    <fieldset class="pg-item" data-item-row>
      <legend data-item-legend>Item 1</legend>
      <TextField id={f('description')} label="Description" itemField="description" invoiceText wide />
      <TextField id={f('quantity')} label="Quantity" itemField="quantity" numeric />
      <TextField id={f('unit_price')} label="Unit price" itemField="unit_price" numeric />
      <TextField id={f('tax_rate')} label="Tax %" itemField="tax_rate" numeric hint="Blank: invoice tax" />
      <TextField id={f('discount')} label="Discount" itemField="discount" numeric />
      <SelectField id={f('discount_type')} label="Discount in" itemField="discount_type" options={DISCOUNT_TYPES} />
      <div class="pg-item__foot">
        <p class="pg-item__total">
          Line total <output data-item-total>–</output>
        </p>
        <button type="button" class="button button--danger button--small" data-action="remove-item">
          Remove
        </button>
      </div>
    </fieldset>
  );
}

/** Global tax in one or two components, global discount, shipping, deposit and what was paid. */
export function ChargeFields() {
  return (
    <fieldset class="pg-group pg-charges">
      <legend>Tax, discount and payments</legend>
      <TextField id="tax-1-name" label="Tax name" path="global_taxes[0].name" hint="Optional, e.g. VAT" />
      <TextField id="tax-1-rate" label="Tax %" path="global_taxes[0].rate" numeric />
      <TextField id="tax-2-name" label="Second tax name" path="global_taxes[1].name" />
      <TextField id="tax-2-rate" label="Second tax %" path="global_taxes[1].rate" numeric />
      <TextField id="global-discount" label="Discount" path="global_discount" numeric />
      <SelectField id="global-discount-type" label="Discount in" path="global_discount_type" options={DISCOUNT_TYPES} />
      <TextField id="shipping" label="Shipping" path="shipping" numeric />
      <TextField id="deposit" label="Deposit" path="deposit" numeric />
      <TextField id="amount-paid" label="Amount paid" path="amount_paid" numeric />
    </fieldset>
  );
}
