import { createHash } from 'node:crypto';

export interface XeroContact {
  ContactID: string;
  Name: string;
  EmailAddress: string;
  ContactStatus: 'ACTIVE';
}

export interface XeroInvoice {
  InvoiceID: string;
  InvoiceNumber: string;
  Type: 'ACCREC';
  Contact: { ContactID: string; Name: string };
  Date: string;
  DueDate: string;
  Status: 'AUTHORISED' | 'PAID';
  CurrencyCode: 'AUD';
  SubTotal: number;
  TotalTax: number;
  Total: number;
  AmountDue: number;
  AmountPaid: number;
}

const names = [
  'Bayside Club',
  'Boom FM',
  'City Agency',
  'Hamilton Smith',
  'Marine Systems',
  'Port & Philip Freight',
  'Rex Media Group',
  'Ridgeway University',
  'Young Bros Transport',
  'Basket Case',
  'Gable Print',
  'Orlena Greenhouse',
];

/** A deterministic number in [0, 1) from a key: the same organisation always has the same data. */
const unit = (key: string) =>
  createHash('sha256').update(key).digest().readUInt32BE(0) / 0x1_0000_0000;
const guid = (key: string) => {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

export function contactsOf(tenantId: string): XeroContact[] {
  return names.map((name) => ({
    ContactID: guid(`${tenantId}:contact:${name}`),
    Name: name,
    EmailAddress: `accounts@${name.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
    ContactStatus: 'ACTIVE',
  }));
}

/** 120 sales invoices over the year before `today`, generated from the organisation id. */
export function invoicesOf(tenantId: string, today: string): XeroInvoice[] {
  const contacts = contactsOf(tenantId);
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: 120 }, (_, index) => {
    const key = `${tenantId}:invoice:${index}`;
    const contact = contacts[
      Math.floor(unit(`${key}:c`) * contacts.length) % contacts.length
    ] as XeroContact;
    const date = new Date(end - Math.floor(unit(`${key}:d`) * 365) * 86_400_000);
    const subTotal = Math.round((200 + unit(`${key}:a`) * 9800) * 100) / 100;
    const totalTax = Math.round(subTotal * 10) / 100;
    const total = Math.round((subTotal + totalTax) * 100) / 100;
    const paid = unit(`${key}:p`) < 0.7;
    return {
      InvoiceID: guid(key),
      InvoiceNumber: `INV-${String(index + 1).padStart(4, '0')}`,
      Type: 'ACCREC',
      Contact: { ContactID: contact.ContactID, Name: contact.Name },
      Date: date.toISOString().slice(0, 10),
      DueDate: new Date(date.getTime() + 30 * 86_400_000).toISOString().slice(0, 10),
      Status: paid ? 'PAID' : 'AUTHORISED',
      CurrencyCode: 'AUD',
      SubTotal: subTotal,
      TotalTax: totalTax,
      Total: total,
      AmountDue: paid ? 0 : total,
      AmountPaid: paid ? total : 0,
    };
  });
}
