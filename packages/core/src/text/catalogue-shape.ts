/** The shape every language's catalogue has: English's sections and keys, any strings. */
import type { EN } from './en.js';

/** Turns every string literal of the English catalogue into `string`, keeping the keys. */
type Strings<T> = { readonly [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

/** A language's catalogue: exactly the English catalogue's sections and keys. */
export type Catalogue = Strings<typeof EN>;
