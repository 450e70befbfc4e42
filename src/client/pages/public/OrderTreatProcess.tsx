/** 就诊流程 (/OrderTreatProcess): how an internet-hospital visit goes, explained to patients. */
import { Alert, Card, Steps } from 'antd';
import PublicLayout from './PublicLayout';

const STEPS = [
  { title: '选择医生', description: '在互联网医院患者端选择科室与医生，查看医生的擅长方向、出诊时间与问诊费用。' },
  { title: '发起问诊', description: '选择图文、语音或视频问诊，填写病情描述、既往病史与过敏史，上传检查报告或患处照片，完成支付。' },
  { title: '医生接诊', description: '医生接诊后与您在线沟通病情，必要时查看线下就诊记录；复诊患者可直接续方。' },
  { title: '开具处方', description: '医生根据诊断开具电子处方，处方经药师审核通过后生效，您可在订单中查看处方与用药说明。' },
  { title: '购药支付', description: '确认处方药品，选择快递配送或到院自取，完成药费支付。' },
  { title: '药品配送', description: '药房按处方调配发药，快递送药上门，您可随时查看物流进度；签收后按医嘱用药。' },
  { title: '复诊随访', description: '医生会按随访计划提醒复诊与用药，您也可以随时发起复诊咨询或评价本次服务。' },
];

export default function OrderTreatProcess() {
  return (
    <PublicLayout title="就诊流程">
      <Card>
        <Steps direction="vertical" current={-1} items={STEPS} />
      </Card>
      <Alert
        style={{ marginTop: 16 }}
        type="info"
        showIcon
        message="温馨提示"
        description="互联网诊疗仅适用于部分常见病、慢性病复诊，首诊请到实体医疗机构就诊；如出现急危重症，请立即拨打 120 或前往最近的医院急诊。"
      />
    </PublicLayout>
  );
}
