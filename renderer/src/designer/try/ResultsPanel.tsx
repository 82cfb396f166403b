/** Responses of Try it and Validate. (Basic version: the Try-it work replaces it.) */
export function ResultsPanel() {
  return null;
}
