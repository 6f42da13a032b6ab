// The PDF reader (pdf.js through unpdf), built apart from the Worker bundle (../lazy.ts says why).
export { extractText, getDocumentProxy } from "unpdf";
