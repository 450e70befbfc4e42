/** 文件下载 (/download/file): every published app version with its file. */
import Download from './Download';

export default function DownloadFile() {
  return <Download files />;
}
