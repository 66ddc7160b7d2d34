/**
 * Whether `text` is one word of three or more letters. The kept words of a name (search_words, product_words) are its
 * runs of three or more letters, so a name holds such a text exactly when one of its kept words does: the words'
 * indexes then find every such name, and in the order they keep.
 */
export const isKeptWordShape = (text: string) => /^\p{L}{3,}$/u.test(text);
