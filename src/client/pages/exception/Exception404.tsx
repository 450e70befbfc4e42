import ExceptionPage from './ExceptionPage';

export default function Exception404() {
  return <ExceptionPage type="404" />;
}
