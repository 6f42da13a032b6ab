// Converts a Word document to HTML off the main thread (mammoth). The HTML is sanitised on the
// main thread, where DOMPurify has a DOM.
import mammoth from "mammoth";
import { serve } from "./protocol";

serve<string>(async (arrayBuffer) => {
  const result = await mammoth.convertToHtml({ arrayBuffer }, { externalFileAccess: false });
  return result.value;
});
