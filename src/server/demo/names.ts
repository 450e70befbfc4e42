/** Chinese personal names with pinyin (for usernames and e-mail addresses). */

/** [surname, pinyin, weight]; weights roughly follow the national frequency ranking. */
export const SURNAMES: ReadonlyArray<readonly [string, string, number]> = [
  ['王', 'wang', 7.1], ['李', 'li', 7.0], ['张', 'zhang', 6.8], ['刘', 'liu', 5.4], ['陈', 'chen', 4.5],
  ['杨', 'yang', 3.1], ['黄', 'huang', 2.2], ['赵', 'zhao', 2.0], ['吴', 'wu', 1.9], ['周', 'zhou', 1.9],
  ['徐', 'xu', 1.3], ['孙', 'sun', 1.3], ['马', 'ma', 1.8], ['朱', 'zhu', 1.2], ['胡', 'hu', 1.1],
  ['郭', 'guo', 1.1], ['何', 'he', 0.9], ['高', 'gao', 0.9], ['林', 'lin', 0.9], ['罗', 'luo', 0.9],
  ['郑', 'zheng', 0.8], ['梁', 'liang', 0.8], ['谢', 'xie', 0.7], ['宋', 'song', 0.7], ['唐', 'tang', 0.6],
  ['许', 'xu', 0.6], ['韩', 'han', 0.6], ['冯', 'feng', 0.6], ['邓', 'deng', 0.6], ['曹', 'cao', 0.6],
  ['彭', 'peng', 0.5], ['曾', 'zeng', 0.5], ['肖', 'xiao', 0.5], ['田', 'tian', 0.5], ['董', 'dong', 0.5],
  ['袁', 'yuan', 0.4], ['潘', 'pan', 0.4], ['于', 'yu', 0.4], ['蒋', 'jiang', 0.4], ['蔡', 'cai', 0.4],
  ['余', 'yu', 0.4], ['杜', 'du', 0.4], ['叶', 'ye', 0.4], ['程', 'cheng', 0.4], ['苏', 'su', 0.4],
  ['魏', 'wei', 0.4], ['吕', 'lv', 0.4], ['丁', 'ding', 0.3], ['任', 'ren', 0.3], ['沈', 'shen', 0.3],
  ['姚', 'yao', 0.3], ['卢', 'lu', 0.3], ['姜', 'jiang', 0.3], ['崔', 'cui', 0.3], ['钟', 'zhong', 0.3],
  ['谭', 'tan', 0.3], ['陆', 'lu', 0.3], ['汪', 'wang', 0.3], ['范', 'fan', 0.3], ['金', 'jin', 0.3],
  ['石', 'shi', 0.3], ['廖', 'liao', 0.3], ['贾', 'jia', 0.3], ['夏', 'xia', 0.3], ['韦', 'wei', 0.2],
  ['付', 'fu', 0.2], ['方', 'fang', 0.2], ['白', 'bai', 0.2], ['邹', 'zou', 0.2], ['孟', 'meng', 0.2],
  ['熊', 'xiong', 0.2], ['秦', 'qin', 0.2], ['邱', 'qiu', 0.2], ['江', 'jiang', 0.2], ['尹', 'yin', 0.2],
  ['薛', 'xue', 0.2], ['闫', 'yan', 0.2], ['段', 'duan', 0.2], ['雷', 'lei', 0.2], ['侯', 'hou', 0.2],
  ['龙', 'long', 0.2], ['史', 'shi', 0.2], ['陶', 'tao', 0.2], ['黎', 'li', 0.2], ['贺', 'he', 0.2],
  ['顾', 'gu', 0.2], ['毛', 'mao', 0.2], ['郝', 'hao', 0.2], ['龚', 'gong', 0.2], ['邵', 'shao', 0.2],
  ['万', 'wan', 0.1], ['钱', 'qian', 0.1], ['严', 'yan', 0.1], ['武', 'wu', 0.1], ['戴', 'dai', 0.1],
  ['纳', 'na', 0.1], ['海', 'hai', 0.05], ['欧阳', 'ouyang', 0.05], ['司马', 'sima', 0.02], ['上官', 'shangguan', 0.02],
];

/** Given-name characters common for men: [char, pinyin]. */
export const MALE_CHARS: ReadonlyArray<readonly [string, string]> = [
  ['伟', 'wei'], ['强', 'qiang'], ['磊', 'lei'], ['军', 'jun'], ['勇', 'yong'], ['杰', 'jie'], ['涛', 'tao'], ['斌', 'bin'],
  ['超', 'chao'], ['明', 'ming'], ['刚', 'gang'], ['平', 'ping'], ['辉', 'hui'], ['鹏', 'peng'], ['华', 'hua'], ['飞', 'fei'],
  ['鑫', 'xin'], ['波', 'bo'], ['宁', 'ning'], ['健', 'jian'], ['建', 'jian'], ['国', 'guo'], ['文', 'wen'], ['志', 'zhi'],
  ['海', 'hai'], ['俊', 'jun'], ['峰', 'feng'], ['浩', 'hao'], ['宇', 'yu'], ['晨', 'chen'], ['博', 'bo'], ['林', 'lin'],
  ['东', 'dong'], ['亮', 'liang'], ['成', 'cheng'], ['龙', 'long'], ['毅', 'yi'], ['凯', 'kai'], ['振', 'zhen'], ['远', 'yuan'],
  ['德', 'de'], ['光', 'guang'], ['春', 'chun'], ['旭', 'xu'], ['晓', 'xiao'], ['子', 'zi'], ['轩', 'xuan'], ['昊', 'hao'],
  ['然', 'ran'], ['泽', 'ze'], ['睿', 'rui'], ['天', 'tian'], ['嘉', 'jia'], ['瑞', 'rui'], ['祥', 'xiang'], ['永', 'yong'],
  ['立', 'li'], ['新', 'xin'], ['庆', 'qing'], ['兵', 'bing'], ['阳', 'yang'], ['一', 'yi'], ['航', 'hang'], ['彬', 'bin'],
  ['卫', 'wei'], ['荣', 'rong'], ['洪', 'hong'], ['清', 'qing'], ['正', 'zheng'], ['宏', 'hong'], ['学', 'xue'], ['忠', 'zhong'],
];

/** Given-name characters common for women: [char, pinyin]. */
export const FEMALE_CHARS: ReadonlyArray<readonly [string, string]> = [
  ['芳', 'fang'], ['娜', 'na'], ['敏', 'min'], ['静', 'jing'], ['丽', 'li'], ['艳', 'yan'], ['娟', 'juan'], ['霞', 'xia'],
  ['燕', 'yan'], ['玲', 'ling'], ['婷', 'ting'], ['雪', 'xue'], ['慧', 'hui'], ['莹', 'ying'], ['倩', 'qian'], ['琳', 'lin'],
  ['洁', 'jie'], ['梅', 'mei'], ['红', 'hong'], ['丹', 'dan'], ['萍', 'ping'], ['颖', 'ying'], ['欣', 'xin'], ['佳', 'jia'],
  ['悦', 'yue'], ['雯', 'wen'], ['璐', 'lu'], ['蕾', 'lei'], ['薇', 'wei'], ['琴', 'qin'], ['云', 'yun'], ['晶', 'jing'],
  ['月', 'yue'], ['楠', 'nan'], ['瑶', 'yao'], ['怡', 'yi'], ['婧', 'jing'], ['妍', 'yan'], ['萱', 'xuan'], ['诗', 'shi'],
  ['涵', 'han'], ['梦', 'meng'], ['思', 'si'], ['雨', 'yu'], ['晓', 'xiao'], ['秀', 'xiu'], ['英', 'ying'], ['兰', 'lan'],
  ['桂', 'gui'], ['春', 'chun'], ['晴', 'qing'], ['露', 'lu'], ['宁', 'ning'], ['凤', 'feng'], ['淑', 'shu'], ['珊', 'shan'],
  ['秋', 'qiu'], ['冬', 'dong'], ['亚', 'ya'], ['彤', 'tong'], ['青', 'qing'], ['玉', 'yu'], ['媛', 'yuan'], ['菲', 'fei'],
];
