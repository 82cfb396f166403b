/** The lookup's data: a record made from the phone number itself, so every key has one and none is stored. */

const NAMES = ['Somchai', 'Malee', 'Niran', 'Ploy', 'Anan', 'Kanya', 'Chai', 'Dao'];
const CITIES = ['Bangkok', 'Chiang Mai', 'Khon Kaen', 'Phuket', 'Hat Yai', 'Udon Thani'];

export interface LookupRecord {
  phone: string;
  name: string;
  city: string;
  id: string;
}

/** A phone-number-like key: 9 to 15 digits, an optional leading +. */
export const PHONE = /^\+?\d{9,15}$/;

export function recordOf(phone: string): LookupRecord {
  const digits = phone.replace(/\D/g, '');
  const n = Number(digits.slice(-9));
  return {
    phone,
    name: NAMES[n % NAMES.length] as string,
    city: CITIES[Math.floor(n / 7) % CITIES.length] as string,
    id: String(n),
  };
}

/** The phone number `k` after `phone` (same length, wrapping). */
export function nextPhone(phone: string, k: number): string {
  const digits = phone.replace(/\D/g, '');
  const next = (BigInt(digits) + BigInt(k)).toString().padStart(digits.length, '0').slice(-digits.length);
  return phone.startsWith('+') ? `+${next}` : next;
}
