/** The vnu-jar package exports the path of the Nu HTML checker's jar. */
declare module 'vnu-jar' {
  const jarPath: string;
  export default jarPath;
}
