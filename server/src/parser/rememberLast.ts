/**
 * A function of a text that remembers its last answer. The editor asks the same whole-text questions two or three
 * times per keystroke for the same text object (the parse steps, the parse, the analysis); each answer reads the
 * whole text, so the second and third are taken from here.
 */
export function rememberLast<T>(answer: (text: string) => T): (text: string) => T {
  let lastText: string | undefined;
  let lastAnswer: T;
  return (text) => {
    if (text !== lastText) {
      lastAnswer = answer(text);
      lastText = text;
    }
    return lastAnswer;
  };
}
